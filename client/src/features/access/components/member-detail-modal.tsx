import { CalendarClock, Copy, Ban, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { AccessMember } from '@shared/access/members.ts';
import { ACCESS_SOURCE_LABELS, HOLDING_STATUSES } from '@shared/access/texts.ts';
import { AccessStatusChip } from '../../../components/access/access-status-chip.tsx';
import { accessUntilLabel } from '../../../components/access/access-until.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { useRefundStars, useRevokeAccess, useSetAccessUntil } from '../api/access-mutations.ts';
import { AccessUntilForm } from './access-until-form.tsx';
import { MemberHistory } from './member-history.tsx';

type Props = { member: AccessMember; disabled: boolean; onClose: () => void };

function Facts({ member }: { member: AccessMember }) {
  const facts: [string, string | null][] = [
    ['E-mail', member.email], ['Nome', member.name], ['Telefone', member.phone], ['Telegram ID', member.telegramId], ['Plano', member.planName],
    ['Origem', ACCESS_SOURCE_LABELS[member.source]], ['Transação', member.transactionId], ['Acesso até', accessUntilLabel(member.accessUntil)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="break-words text-slate-800">{value === null ? '—' : <UserText>{value}</UserText>}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClaimLink({ link }: { link: string }) {
  return (
    <div className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">
      <p>Aguardando o comprador abrir o link de vínculo no Telegram:</p>
      <p className="mt-1 font-mono text-xs break-all">{link}</p>
      <Button variant="outline" size="sm" className="mt-2" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copyText(link)}>
        Copiar link de vínculo
      </Button>
    </div>
  );
}

/** A member's page: who, until when, the claim link while waiting, the history, and Alterar prazo / Revogar. */
export function MemberDetailModal({ member: initial, disabled, onClose }: Props) {
  const [member, setMember] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const extend = useSetAccessUntil();
  const revoke = useRevokeAccess();
  const refund = useRefundStars();
  // Stars paid through an invoice in the bot (its charge is the transaction); a channel subscription link's Stars go
  // to the channel, which a bot cannot refund.
  const refundable = member.source === 'stars' && member.status !== 'REFUNDED' && member.transactionId !== null;
  const canChange = (HOLDING_STATUSES.includes(member.status) || member.status === 'CANCELED') && !disabled;

  async function saveUntil(accessUntil: string | null) {
    try {
      setMember(await extend.mutateAsync({ id: member.id, accessUntil }));
      setEditing(false);
    } catch {
      // Toasted with the server's reason; the form stays open.
    }
  }

  async function confirmRefund() {
    try {
      setMember(await refund.mutateAsync({ id: member.id }));
    } catch {
      // Toasted with Telegram's or the server's reason.
    }
    setRefunding(false);
  }

  async function confirmRevoke() {
    try {
      setMember(await revoke.mutateAsync({ id: member.id }));
    } catch {
      // Toasted with the server's reason.
    }
    setRevoking(false);
  }

  return (
    <>
      <Modal open onClose={onClose} title={<UserText>{member.email ?? member.name ?? 'Membro'}</UserText>} description={<AccessStatusChip status={member.status} />} size="lg">
        <div className="space-y-4">
          <Facts member={member} />
          {member.claimLink && <ClaimLink link={member.claimLink} />}
          {editing ? (
            <AccessUntilForm current={member.accessUntil} saving={extend.isPending} onSave={(value) => void saveUntil(value)} onCancel={() => setEditing(false)} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={!canChange} icon={<CalendarClock aria-hidden="true" className="size-4" />} onClick={() => setEditing(true)}>
                Alterar prazo
              </Button>
              <Button variant="danger" disabled={disabled || member.status === 'REVOKED'} icon={<Ban aria-hidden="true" className="size-4" />} onClick={() => setRevoking(true)}>
                Revogar
              </Button>
              {refundable && (
                <Button variant="outline" disabled={disabled} icon={<Undo2 aria-hidden="true" className="size-4" />} onClick={() => setRefunding(true)}>
                  Reembolsar
                </Button>
              )}
            </div>
          )}
          <MemberHistory history={member.history} />
        </div>
      </Modal>
      <ConfirmDialog
        open={refunding}
        title="Reembolsar estrelas"
        message="O Telegram devolve as estrelas da última compra ao comprador e o acesso termina: a pessoa é removida dos canais e grupos do plano."
        confirmLabel="Reembolsar"
        danger
        loading={refund.isPending}
        onConfirm={() => void confirmRefund()}
        onCancel={() => setRefunding(false)}
      />
      <ConfirmDialog
        open={revoking}
        title="Revogar acesso"
        message="A pessoa é removida dos canais e grupos do plano agora. Para devolver o acesso, conceda um novo."
        confirmLabel="Revogar"
        danger
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(false)}
      />
    </>
  );
}
