/**
 * Acting in a workspace (docs/decisions.md#teams): switching asks the server for tokens acting there and stores them
 * with the workspace; the shell then opens that workspace's own local database (offline/db.ts) and the app drops
 * every cached answer of the previous one (the handler main.tsx registers). A member removed from the workspace
 * they act in (403 NOT_A_MEMBER on any request) is told so and moved to their own workspace, which always exists.
 */
import type { Tokens } from '@shared/auth/schemas.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import type { Workspace } from '@shared/team/schemas.ts';
import { api } from './api.ts';
import { ApiError } from './api-client.ts';
import { sessionStore } from './session-store.ts';
import { toast } from './toast.ts';

let changedHandler: () => void = () => {};

/** What the app does once the session acts elsewhere (main.tsx: drop the query cache, open the start screen). */
export function onWorkspaceChanged(handler: () => void) {
  changedHandler = handler;
}

export const isWorkspaceLost = (error: unknown) => error instanceof ApiError && error.status === 403 && error.code === 'NOT_A_MEMBER';

/** Acts in `workspace` with `tokens` (a switch, an accepted invitation). */
export function actIn(workspace: Workspace, tokens: Tokens) {
  sessionStore().setWorkspace(workspace, tokens);
  changedHandler();
}

export async function switchWorkspace(workspaceId: string): Promise<void> {
  const { switchWorkspaceResponseSchema } = await import('@shared/team/schemas.ts');
  const body = await api.post('/auth/workspace', { workspaceId }, { schema: switchWorkspaceResponseSchema });
  actIn(body.data.workspace, body.data.tokens);
}

let leaving: Promise<void> | null = null;

/** Once, whatever number of requests met the refusal: say why, and go home. */
export function leaveLostWorkspace(): Promise<void> {
  const user = sessionStore().getState().user;
  if (!user) return Promise.resolve();
  leaving ??= (async () => {
    toast.error(ERROR_MESSAGES.NOT_A_MEMBER, { id: 'workspace-lost' });
    await switchWorkspace(user.id);
  })()
    .catch(() => undefined)
    .finally(() => {
      leaving = null;
    });
  return leaving;
}
