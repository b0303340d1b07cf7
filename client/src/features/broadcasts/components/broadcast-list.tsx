import { Link } from '@tanstack/react-router';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import type { RowAction } from '../utils/row-actions.ts';
import { RowActionButtons } from './row-action-buttons.tsx';
import { BroadcastStatusBadge, PendingSyncBadge } from './status-badge.tsx';

type Props = { rows: BroadcastRow[]; online: boolean; onAction: (action: RowAction, row: BroadcastRow) => void };

const audience = (row: BroadcastRow) => (row.targetType === 'ALL' ? BROADCAST_TEXTS.allContacts : BROADCAST_TEXTS.selectedContacts(row.contactIds.length));
/** Data: the scheduled time, else the creation time (docs/product.md#screen-broadcasts). */
const when = (row: BroadcastRow) => formatDateTime(row.scheduledFor ?? row.createdAt);

function Progress({ row }: { row: BroadcastRow }) {
  return (
    <span className="tabular-nums">
      {formatNumber(row.sentCount)} / {formatNumber(row.totalCount)}
      {row.failedCount > 0 && <span className="ml-1.5 text-xs font-medium text-red-600">{BROADCAST_TEXTS.failures(row.failedCount)}</span>}
    </span>
  );
}

function Name({ row }: { row: BroadcastRow }) {
  return (
    <Link to="/broadcasts/$broadcastId" params={{ broadcastId: row.id }} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
      {row.name}
    </Link>
  );
}

/** A table on wide screens, cards on a phone (docs/product.md#screen-broadcasts): Nome, Bot, Status, Progresso, Data, Ações. */
export function BroadcastList({ rows, online, onAction }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200/80 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 bg-slate-50/60 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-3">Nome</th>
              <th className="px-4 py-3">Bot</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Progresso</th>
              <th className="px-4 py-3">Data</th>
              <th className="px-4 py-3 text-right">Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="broadcast-row">
                <td className="px-4 py-3">
                  <Name row={row} />
                  <span className="block text-xs text-slate-500">{audience(row)}</span>
                  {row.pendingSync && <PendingSyncBadge />}
                </td>
                <td className="px-4 py-3">
                  <span className="block text-slate-800">{row.bot.name}</span>
                  {row.bot.username && <span className="block text-xs text-slate-500">@{row.bot.username}</span>}
                </td>
                <td className="px-4 py-3">
                  <BroadcastStatusBadge status={row.status} />
                </td>
                <td className="px-4 py-3">
                  <Progress row={row} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{when(row)}</td>
                <td className="px-4 py-3">
                  <RowActionButtons row={row} online={online} onAction={onAction} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Disparos" className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} data-testid="broadcast-card" aria-label={row.name} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Name row={row} />
                <span className="block text-xs text-slate-500">{audience(row)}</span>
              </div>
              <BroadcastStatusBadge status={row.status} className="shrink-0" />
            </div>
            {row.pendingSync && (
              <div className="mt-2">
                <PendingSyncBadge />
              </div>
            )}
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Bot</dt>
                <dd className="truncate text-slate-800">
                  {row.bot.name}
                  {row.bot.username && <span className="block truncate text-xs text-slate-500">@{row.bot.username}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Progresso</dt>
                <dd>
                  <Progress row={row} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Data</dt>
                <dd className="text-slate-700">{when(row)}</dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-slate-100 pt-3">
              <RowActionButtons row={row} online={online} onAction={onAction} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
