import { LogOut, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { can } from '@shared/team/permissions.ts';
import type { Workspace } from '@shared/team/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { switchWorkspace } from '../../../lib/workspace.ts';
import { WORKSPACE_TEXTS, workspaceRequests } from '../api/workspace-requests.ts';
import { DeleteWorkspaceDialog } from './delete-workspace-dialog.tsx';

function RenameForm({ workspace, disabled }: { workspace: Workspace; disabled: boolean }) {
  const [name, setName] = useState(workspace.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      sessionStore().setWorkspace(await workspaceRequests.rename(name));
      toast.success(WORKSPACE_TEXTS.renamed);
    } catch (caught) {
      if (caught instanceof ApiError && caught.details?.name) setError(caught.details.name);
      else toast.error(caught instanceof ApiError ? caught.message : WORKSPACE_TEXTS.renameFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <Input name="workspaceName" label="Nome da equipe" value={name} error={error} maxLength={80} onChange={(event) => (setName(event.target.value), setError(undefined))} />
      </div>
      <Button type="submit" variant="outline" loading={busy} disabled={disabled || name.trim() === workspace.name}>
        Salvar nome
      </Button>
    </form>
  );
}

/**
 * The workspace itself: its name and deletion (owners), leaving it (anyone but its founder, whose workspace it is
 * for good). Leaving moves the member to their own workspace.
 */
export function WorkspaceCard({ workspace, userId, disabled }: { workspace: Workspace; userId: string; disabled: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const owner = can(workspace.role, 'workspace');
  const founder = workspace.id === userId;

  async function leave() {
    setBusy(true);
    try {
      await workspaceRequests.leave();
      toast.success(WORKSPACE_TEXTS.left);
      setLeaving(false);
      await switchWorkspace(userId);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.message : WORKSPACE_TEXTS.leaveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Esta equipe" description={founder ? 'Você criou esta equipe.' : 'Você participa desta equipe a convite.'} />
      <CardContent className="space-y-4">
        {owner && <RenameForm key={workspace.name} workspace={workspace} disabled={disabled} />}
        <div className="flex flex-wrap gap-3">
          {!founder && (
            <Button variant="outline" disabled={disabled} icon={<LogOut aria-hidden="true" className="size-4" />} onClick={() => setLeaving(true)}>
              Sair da equipe
            </Button>
          )}
          {owner && (
            <Button variant="danger" disabled={disabled} icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setDeleting(true)}>
              Excluir equipe
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={leaving}
        title="Sair da equipe"
        message="Você perderá o acesso a esta equipe e voltará para a sua."
        confirmLabel="Sair da equipe"
        danger
        loading={busy}
        onConfirm={() => void leave()}
        onCancel={() => setLeaving(false)}
      />
      {deleting && <DeleteWorkspaceDialog founder={founder} userId={userId} onClose={() => setDeleting(false)} />}
    </Card>
  );
}
