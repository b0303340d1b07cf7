import { Copy, PanelRightOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AccessMember } from '@shared/access/members.ts';
import { AccessStatusChip } from '../../../components/access/access-status-chip.tsx';
import { accessUntilLabel } from '../../../components/access/access-until.ts';
import { DataCard } from '../../../components/data-card.tsx';
import { DataList, type DataColumn } from '../../../components/data-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { copyText } from '../../../lib/clipboard.ts';

type Props = {
  members: AccessMember[];
  /** The plan column is left out on a plan's own page. */
  showPlan: boolean;
  onOpen: (member: AccessMember) => void;
  empty: ReactNode;
  pagination?: { page: number; totalPages: number; onPage: (page: number) => void };
};

const who = (member: AccessMember) => member.email ?? member.name ?? member.telegramId ?? '—';

function Person({ member }: { member: AccessMember }) {
  return (
    <span className="block min-w-0 break-words">
      <span className="font-medium text-slate-900">
        <UserText>{who(member)}</UserText>
      </span>
      {member.name && member.email && (
        <span className="block text-xs text-slate-500">
          <UserText>{member.name}</UserText>
        </span>
      )}
    </span>
  );
}

function Actions({ member, onOpen }: { member: AccessMember; onOpen: Props['onOpen'] }) {
  const name = who(member);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {member.claimLink && (
        <Button variant="outline" size="sm" aria-label={`Copiar link de vínculo de ${name}`} icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copyText(member.claimLink ?? '')}>
          Copiar link
        </Button>
      )}
      <Button variant="outline" size="sm" aria-label={`Detalhes de ${name}`} icon={<PanelRightOpen aria-hidden="true" className="size-4" />} onClick={() => onOpen(member)}>
        Detalhes
      </Button>
    </div>
  );
}

/** The accesses as a table on a laptop, cards on a phone: state (chip with its label), who, Telegram id, until when. */
export function MemberList({ members, showPlan, onOpen, empty, pagination }: Props) {
  const columns: DataColumn<AccessMember>[] = [
    { header: 'Membro', cell: (member) => <Person member={member} />, className: 'max-w-xs' },
    { header: 'Situação', cell: (member) => <AccessStatusChip status={member.status} /> },
    ...(showPlan ? [{ header: 'Plano', cell: (member: AccessMember) => <UserText>{member.planName}</UserText> }] : []),
    { header: 'Telegram ID', cell: (member) => member.telegramId ?? '—', className: 'font-mono text-slate-700' },
    { header: 'Acesso até', cell: (member) => accessUntilLabel(member.accessUntil), className: 'whitespace-nowrap text-slate-700' },
    { header: 'Ações', alignEnd: true, cell: (member) => <Actions member={member} onOpen={onOpen} /> },
  ];
  const card = (member: AccessMember) => (
    <DataCard
      key={member.id}
      label={who(member)}
      testId="member-card"
      title={<Person member={member} />}
      badge={<AccessStatusChip status={member.status} />}
      fields={[
        ...(showPlan ? [{ label: 'Plano', value: <UserText>{member.planName}</UserText>, wide: true }] : []),
        { label: 'Telegram ID', value: member.telegramId ?? '—', className: 'font-mono text-slate-700' },
        { label: 'Acesso até', value: accessUntilLabel(member.accessUntil) },
      ]}
      actions={<Actions member={member} onOpen={onOpen} />}
    />
  );
  return <DataList rows={members} rowKey={(member) => member.id} columns={columns} card={card} label="Membros" rowTestId="member-row" empty={empty} pagination={pagination} />;
}
