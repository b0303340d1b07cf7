import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceDeletionImpact } from '@shared/team/workspace-schemas.ts';
import { PasswordConfirmDialog } from '../../../components/password-confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { switchWorkspace } from '../../../lib/workspace.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { useWorkspaceDeletionImpact, WORKSPACE_TEXTS, workspaceRequests } from '../api/workspace-requests.ts';

const NOUNS: ReadonlyArray<readonly [keyof WorkspaceDeletionImpact, string, string]> = [
  ['members', 'membro perde o acesso', 'membros perdem o acesso'], ['bots', 'bot', 'bots'], ['contacts', 'contato', 'contatos'],
  ['conversations', 'conversa', 'conversas'], ['messages', 'mensagem', 'mensagens'], ['flows', 'fluxo', 'fluxos'], ['broadcasts', 'disparo', 'disparos'],
  ['funnels', 'funil', 'funis'], ['pixels', 'pixel', 'pixels'], ['mediaFiles', 'arquivo', 'arquivos'],
];

export const impactLines = (impact: WorkspaceDeletionImpact) =>
  NOUNS.filter(([key]) => impact[key] > 0).map(([key, one, many]) => `${impact[key].toLocaleString('pt-BR')} ${impact[key] === 1 ? one : many}`);

/** What deleting the workspace erases (counted by the server), then the owner's password. */
export function DeleteWorkspaceDialog({ founder, userId, onClose }: { founder: boolean; userId: string; onClose: () => void }) {
  const impact = useWorkspaceDeletionImpact(true);
  const queryClient = useQueryClient();
  const syncNow = useSyncNow();

  async function remove(password: string) {
    await workspaceRequests.remove(password);
    toast.success(WORKSPACE_TEXTS.deleted);
    onClose();
    // The founder stays in the emptied workspace (its deletions reach this device's copy by a pull now); an owner
    // invited here is no longer a member and goes home.
    if (founder) await Promise.all([queryClient.invalidateQueries(), syncNow()]);
    else await switchWorkspace(userId);
  }

  return (
    <PasswordConfirmDialog
      formId="excluir-equipe"
      title="Excluir a equipe?"
      confirmLabel="Excluir equipe"
      impact={{
        lines: impact.data && impactLines(impact.data),
        failed: impact.isError,
        failedText: WORKSPACE_TEXTS.impactFailed,
        loadingLabel: 'Contando os dados da equipe',
        emptyText: 'A equipe não tem dados nem outros membros.',
        note: 'Os bots são desligados. Sua conta continua, com esta equipe vazia.',
      }}
      passwordRequired={WORKSPACE_TEXTS.passwordRequired}
      failedText={WORKSPACE_TEXTS.deleteFailed}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
