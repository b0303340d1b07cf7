import { UserMinus } from 'lucide-react';
import { can, outranks, ROLE_LABELS, ROLES, type Role } from '@shared/team/permissions.ts';
import type { Member } from '@shared/team/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { controlClasses } from '../../../components/ui/field.tsx';

export type MemberAction = { kind: 'role'; member: Member; role: Role } | { kind: 'remove'; member: Member };

type Props = {
  members: Member[];
  /** The workspace's id: its founder's user id (that member stays an owner, never removed). */
  workspaceId: string;
  me: { id: string; role: Role };
  disabled: boolean;
  onAction: (action: MemberAction) => void;
};

/**
 * The members with their roles. An owner changes roles (a select per member); an owner or admin removes whom their
 * role outranks; anyone but the founder may leave. The founder's row offers neither.
 */
export function MemberList({ members, workspaceId, me, disabled, onAction }: Props) {
  return (
    <Card>
      <CardHeader title="Membros" description={members.length === 1 ? '1 membro' : `${members.length} membros`} />
      <ul className="divide-y divide-slate-100">
        {members.map((member) => {
          const founder = member.userId === workspaceId;
          const self = member.userId === me.id;
          const canChangeRole = can(me.role, 'memberRoles') && !founder;
          const canRemove = !founder && (self || outranks(me.role, member.role));
          return (
            <li key={member.userId} className="flex flex-wrap items-center gap-3 px-5 py-3 sm:px-6">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{self ? `${member.name} (você)` : member.name}</p>
                <p className="truncate text-xs text-slate-500">{member.email}</p>
              </div>
              {canChangeRole ? (
                <select
                  aria-label={`Papel de ${member.name}`}
                  value={member.role}
                  disabled={disabled}
                  onChange={(event) => {
                    const role = ROLES.find((known) => known === event.target.value);
                    if (role && role !== member.role) onAction({ kind: 'role', member, role });
                  }}
                  className={`${controlClasses(false)} h-10 w-44`}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{ROLE_LABELS[member.role]}</span>
              )}
              {canRemove && (
                <Button variant="ghost" size="sm" disabled={disabled} icon={<UserMinus aria-hidden="true" className="size-4" />} onClick={() => onAction({ kind: 'remove', member })}>
                  {self ? 'Sair da equipe' : `Remover ${member.name}`}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
