import { useQuery } from '@tanstack/react-query';
import { accessMemberListResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { api } from '../../lib/api.ts';
import { useSyncSnapshot } from '../../offline/hooks.ts';
import { UserText } from '../ui/user-text.tsx';
import { AccessStatusChip } from './access-status-chip.tsx';
import { accessUntilLabel } from './access-until.ts';

const LOAD_FAILED = 'Erro ao carregar os acessos do contato';

/** Each access of the contact: its plan, its state (a labelled chip) and until when. */
export function ContactAccessList({ members }: { members: AccessMember[] }) {
  return (
    <ul className="space-y-2">
      {members.map((member) => (
        <li key={member.id} data-testid="contact-access" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <span className="font-medium text-slate-800">
            <UserText>{member.planName}</UserText>
          </span>
          <AccessStatusChip status={member.status} />
          <span className="ml-auto text-xs text-slate-600">{member.accessUntil === null ? accessUntilLabel(null) : `Até ${accessUntilLabel(member.accessUntil)}`}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A contact's paid accesses (plan, state, until when), for members who hold the `access` area. Read from the server
 * when online (accesses are not in the offline cache); offline the section says it needs the connection.
 */
export function ContactAccess({ contactId }: { contactId: string }) {
  const { online } = useSyncSnapshot();
  const members = useQuery({
    queryKey: ['access', 'contact', contactId],
    queryFn: async () =>
      (await api.get(`/access/members?contactId=${contactId}&limit=20`, { schema: accessMemberListResponseSchema, fallbackMessage: LOAD_FAILED })).data.members,
    enabled: online,
  });
  const list = members.data;
  return (
    <section aria-labelledby={`contact-access-${contactId}`} className="mt-4 space-y-2">
      <h3 id={`contact-access-${contactId}`} className="text-sm font-semibold text-slate-800">
        Acessos pagos
      </h3>
      {!online && !list ? (
        <p className="text-sm text-slate-500">Os acessos aparecem com a conexão.</p>
      ) : members.isError ? (
        <p className="text-sm text-red-700">{LOAD_FAILED}</p>
      ) : !list ? (
        <p aria-busy="true" className="text-sm text-slate-500">
          Carregando acessos…
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhum acesso pago.</p>
      ) : (
        <ContactAccessList members={list} />
      )}
    </section>
  );
}
