import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { DataCard } from '../../../components/data-card.tsx';
import { DataList, type DataColumn } from '../../../components/data-list.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { audienceWho } from '../utils/audience.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import type { RowAction } from '../utils/row-actions.ts';
import { RowActionButtons } from './row-action-buttons.tsx';
import { BroadcastStatusBadge, PendingSyncBadge } from './status-badge.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = {
  rows: BroadcastRow[];
  online: boolean;
  onAction: (action: RowAction, row: BroadcastRow) => void;
  empty: ReactNode;
  pagination: { page: number; totalPages: number; onPage: (page: number) => void };
};

/** The list names no label (the detail does): one cache read per row is not worth it. */
const NO_NAMES: ReadonlyMap<string, string> = new Map();
/** Data: the scheduled time, else the creation time (docs/product.md#screen-broadcasts). */
const when = (row: BroadcastRow) => formatDateTime(row.scheduledFor ?? row.createdAt);

/** Sent / total once sending started; before that, the audience it will reach (counted by the server). */
function Progress({ row }: { row: BroadcastRow }) {
  if (row.status === 'DRAFT' || row.status === 'SCHEDULED') {
    return <span data-testid="broadcast-audience">{row.audienceCount === null ? '—' : BROADCAST_TEXTS.audienceToReach(row.audienceCount)}</span>;
  }
  return (
    <span className="tabular-nums">
      {formatNumber(row.sentCount)} / {formatNumber(row.totalCount)}
      {row.failedCount > 0 && <span className="ml-1.5 text-xs font-medium text-red-600">{BROADCAST_TEXTS.failures(row.failedCount)}</span>}
    </span>
  );
}

function Name({ row }: { row: BroadcastRow }) {
  return (
    <>
      <Link to="/broadcasts/$broadcastId" params={{ broadcastId: row.id }} className="inline-block py-0.5 font-semibold text-slate-900 hover:text-brand-700 hover:underline">
        <UserText>{row.name}</UserText>
      </Link>
      <span className="block text-xs text-slate-500">{audienceWho(row, NO_NAMES)}</span>
    </>
  );
}

const Bot = ({ row, truncate = false }: { row: BroadcastRow; truncate?: boolean }) => (
  <>
    <span className={cn('block text-slate-800', truncate && 'truncate')}><UserText>{row.bot.name}</UserText></span>
    {row.bot.username && <span className={cn('block text-xs text-slate-500', truncate && 'truncate')}>@{row.bot.username}</span>}
  </>
);

function columns(online: boolean, onAction: Props['onAction']): DataColumn<BroadcastRow>[] {
  return [
    { header: 'Nome', cell: (row) => (<><Name row={row} />{row.pendingSync && <PendingSyncBadge />}</>) },
    { header: 'Bot', cell: (row) => <Bot row={row} /> },
    { header: 'Status', cell: (row) => <BroadcastStatusBadge status={row.status} /> },
    { header: 'Progresso', cell: (row) => <Progress row={row} /> },
    { header: 'Data', cell: when, className: 'whitespace-nowrap text-slate-600' },
    { header: 'Ações', alignEnd: true, cell: (row) => <RowActionButtons row={row} online={online} onAction={onAction} compact /> },
  ];
}

/** The broadcasts as a table on wide screens, cards on a phone (docs/product.md#screen-broadcasts): Nome, Bot, Status, Progresso, Data, Ações. */
export function BroadcastList({ rows, online, onAction, empty, pagination }: Props) {
  const card = (row: BroadcastRow) => (
    <DataCard
      key={row.id}
      label={row.name}
      testId="broadcast-card"
      title={<Name row={row} />}
      badge={<BroadcastStatusBadge status={row.status} className="shrink-0" />}
      below={row.pendingSync && <PendingSyncBadge />}
      fields={[
        { label: 'Bot', value: <Bot row={row} truncate /> },
        { label: 'Progresso', value: <Progress row={row} /> },
        { label: 'Data', value: when(row), wide: true, className: 'text-slate-700' },
      ]}
      actions={<RowActionButtons row={row} online={online} onAction={onAction} />}
    />
  );
  return (
    <DataList rows={rows} rowKey={(row) => row.id} columns={columns(online, onAction)} card={card} label="Disparos" rowTestId="broadcast-row" empty={empty} pagination={pagination} />
  );
}
