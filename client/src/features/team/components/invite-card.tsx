import { Copy, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { can, ROLE_LABELS, ROLES, type Role } from '@shared/team/permissions.ts';
import type { Invitation } from '@shared/team/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { absoluteLink, TEAM_TOASTS, teamRequests } from '../api/team-requests.ts';


/** Roles the member may invite to: an owner any, an admin admins and agents (inviting an owner changes roles). */
const invitableRoles = (mine: Role) => ROLES.filter((role) => role !== 'owner' || can(mine, 'memberRoles'));

/** "Convidar": a role (and optionally the e-mail it is for) → a single-use link valid 7 days, to copy and send. */
export function InviteCard({ myRole }: { myRole: Role }) {
  const [role, setRole] = useState<Role>('agent');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const linkId = useId();

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      setInvitation(await teamRequests.invite({ role, ...(email.trim() ? { email: email.trim() } : {}) }));
      toast.success(TEAM_TOASTS.invited);
    } catch (failure) {
      const details = failure instanceof ApiError ? failure.details : undefined;
      if (details?.email) setError(details.email);
      else toast.error(failure instanceof ApiError ? failure.message : TEAM_TOASTS.inviteFailed);
    } finally {
      setBusy(false);
    }
  }

  async function copy(link: string) {
    await navigator.clipboard?.writeText(link).then(() => toast.success(TEAM_TOASTS.copied)).catch(() => undefined);
  }

  const link = invitation ? absoluteLink(invitation.url) : '';
  return (
    <Card>
      <CardHeader title="Convidar para a equipe" description="O link vale por 7 dias e pode ser usado uma vez." />
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end sm:px-6">
        <Field label="Papel">
          {(control) => (
            <select {...control} value={role} onChange={(event) => setRole(ROLES.find((known) => known === event.target.value) ?? 'agent')} className={`${controlClasses(false)} h-11`}>
              {invitableRoles(myRole).map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Input
          label="Email (opcional)"
          error={error}
          helperText="Só a conta com este e-mail poderá usar o convite."
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
        <Button loading={busy} icon={<Link2 aria-hidden="true" className="size-4" />} onClick={() => void create()} className="h-11 sm:mb-6">
          Gerar convite
        </Button>
      </div>
      {invitation && (
        <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
          <div className="flex flex-wrap items-end gap-2">
            <Input
              id={linkId}
              label={`Link do convite (${ROLE_LABELS[invitation.role]})`}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1"
            />
            <Button variant="outline" className="h-11" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copy(link)}>
              Copiar link
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
