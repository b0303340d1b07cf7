import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { can, ROLE_LABELS } from '@shared/team/permissions.ts';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { actingWorkspace, useSession } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { switchWorkspace } from '../../../lib/workspace.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { TEAM_TOASTS, teamKeys, teamRequests, useMembers } from '../api/team-requests.ts';
import { workspaceRequests } from '../api/workspace-requests.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { InviteCard } from './invite-card.tsx';
import { MemberList, type MemberAction } from './member-list.tsx';
import { WorkspaceCard } from './workspace-card.tsx';

function question(action: MemberAction, self: boolean): { title: string; message: string; confirm: string } {
  if (action.kind === 'role') {
    return {
      title: 'Mudar papel',
      message: `${action.member.name} passará a ser ${ROLE_LABELS[action.role]}. A mudança vale na próxima ação dessa pessoa.`,
      confirm: 'Mudar papel',
    };
  }
  if (self) return { title: 'Sair da equipe', message: 'Você perderá o acesso a esta equipe e voltará para a sua.', confirm: 'Sair da equipe' };
  return { title: 'Remover membro', message: `${action.member.name} perderá o acesso a esta equipe na hora, em todos os aparelhos.`, confirm: 'Remover' };
}

/**
 * /team ("Equipe", docs/product.md#team): the workspace (its name, leaving it, deleting it) for every member; the
 * members, their roles, invitations, the API keys and the activity log for owners and admins.
 */
export function TeamPage() {
  const session = useSession();
  const workspace = actingWorkspace(session);
  const { online } = useSyncSnapshot();
  const managing = workspace ? can(workspace.role, 'members') : false;
  const members = useMembers(managing);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<MemberAction | null>(null);
  const [busy, setBusy] = useState(false);
  if (!workspace || !session.user) return null;
  const me = { id: session.user.id, role: workspace.role };
  const self = pending?.kind === 'remove' && pending.member.userId === me.id;

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'role') await teamRequests.changeRole(pending.member.userId, pending.role);
      else if (self) await workspaceRequests.leave();
      else await teamRequests.remove(pending.member.userId);
      toast.success(pending.kind === 'role' ? TEAM_TOASTS.roleChanged : TEAM_TOASTS.removed);
      setPending(null);
      if (self && session.user) await switchWorkspace(session.user.id);
      else await queryClient.invalidateQueries({ queryKey: teamKeys.members });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : pending.kind === 'role' ? TEAM_TOASTS.roleFailed : TEAM_TOASTS.removeFailed);
    } finally {
      setBusy(false);
    }
  }

  const asked = pending ? question(pending, self) : null;
  return (
    <div className="space-y-6">
      <PageHeader title="Equipe" description={workspace.name ? `${workspace.name} · você é ${ROLE_LABELS[workspace.role]}` : 'Quem trabalha com você nesta conta'} />
      {!online && <OfflineNotice>Você está offline: a equipe fica no servidor e volta com a conexão.</OfflineNotice>}
      <WorkspaceCard workspace={workspace} userId={session.user.id} disabled={!online} />
      {managing && <InviteCard myRole={workspace.role} />}
      {!managing ? null : members.isError && !members.data ? (
        <LoadFailedCard message={TEAM_TOASTS.loadFailed} retrying={members.isFetching} onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <div aria-busy="true" aria-label="Carregando membros" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : (
        <>
          <MemberList members={members.data} workspaceId={workspace.id} me={me} disabled={!online || busy} onAction={setPending} />
          {can(workspace.role, 'apiKeys') && <ApiKeysSection disabled={!online} />}
          <AuditSection members={members.data} />
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked?.title ?? ''}
        message={asked?.message ?? ''}
        confirmLabel={asked?.confirm ?? ''}
        danger={pending?.kind === 'remove'}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
