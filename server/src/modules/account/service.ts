/**
 * Account self-service (docs/security.md#second-pass): the signed-in user changes the password, signs every device
 * out, or deletes the account. Each destructive step asks the password again (auth/password-confirmation.ts), so an
 * access token alone — a borrowed laptop, a stolen token — cannot take the account away from its owner.
 * - A new password ends every other session (their refresh families and, on the next request, their access tokens);
 *   the session that changed it stays signed in.
 * - "Sair de todos os aparelhos" ends every session, the asking one too.
 * - Deleting the account switches its bots off and stops them, then erases every row it owns in one transaction, then
 *   its files; its sessions end with its rows. What it owns is its own workspace (whose id is the account's,
 *   docs/decisions.md#teams) and its memberships elsewhere: the workspaces it was invited to keep every row.
 * Every function takes the person's user id (the auth guard's `actor.id`), never the workspace acted in.
 * Ended sessions have their live event streams closed on every instance (modules/events SESSIONS_ENDED_TOPIC), and
 * their devices' push subscriptions removed (a signed-out phone shows no more of the account's messages).
 */
import type { ChangePasswordInput, DeleteAccountInput, DeletionImpact } from '@shared/account/schemas.ts';
import type { Sql } from '../../db/client.ts';
import type { Notifier } from '../../db/notify.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import { confirmPassword, endSessions } from '../auth/password-confirmation.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { MEMBERS_TOPIC, SESSIONS_ENDED_TOPIC } from '../events/hub.ts';
import { listMembers } from '../team/service.ts';
import * as repo from './repository.ts';

export type AccountDeps = {
  sql: Sql;
  runtime: BotRuntime;
  media: MediaStore;
  logger: Logger;
  /** Every instance's event hub hears it (LISTEN/NOTIFY on PostgreSQL); without one, streams end at their time limit. */
  peers?: Pick<Notifier, 'publish'> | undefined;
};

export async function changePassword(deps: AccountDeps, userId: string, sessionId: string, input: ChangePasswordInput): Promise<void> {
  const account = await credentialsOf(deps, userId);
  await confirmPassword(deps.sql, userId, account.passwordHash, input.currentPassword, 'currentPassword');
  // The new hash first: a login racing this change with the old password makes a session that the next line ends.
  await repo.setPasswordHash(deps.sql, userId, await hashPassword(input.newPassword));
  await endSessions(deps.sql, userId, sessionId);
  await repo.forgetPushSubscriptions(deps.sql, userId, sessionId);
  await announceEnded(deps, userId, sessionId);
}

export async function signOutEverywhere(deps: AccountDeps, userId: string): Promise<void> {
  await endSessions(deps.sql, userId);
  await repo.forgetPushSubscriptions(deps.sql, userId);
  await announceEnded(deps, userId);
}

export const deletionImpact = (deps: Pick<AccountDeps, 'sql'>, userId: string): Promise<DeletionImpact> => repo.countOwned(deps.sql, userId);

export async function deleteAccount(deps: AccountDeps, userId: string, input: DeleteAccountInput): Promise<void> {
  const account = await confirmOwnPassword(deps, userId, input.password);
  await stopAllBots(deps, userId);
  // The members of the erased workspace lose it with its rows: their streams there end now (the guard refuses the rest).
  const { members } = await listMembers(deps, userId);
  await repo.eraseAccount(deps.sql, userId, account.email);
  await deps.media.eraseOwner(userId);
  deps.logger.info('conta excluída a pedido do titular', { userId });
  await announceEnded(deps, userId);
  for (const member of members.filter((row) => row.userId !== userId)) {
    await deps.peers?.publish(MEMBERS_TOPIC, { workspaceId: userId, userId: member.userId }).catch(() => undefined);
  }
}

/** The person's password asked again before a destructive step (auth/password-confirmation.ts); their credentials. */
export async function confirmOwnPassword(deps: Pick<AccountDeps, 'sql'>, userId: string, password: string) {
  const account = await credentialsOf(deps, userId);
  await confirmPassword(deps.sql, userId, account.passwordHash, password, 'password');
  return account;
}

/** Switches every bot of the workspace off before stopping it, so no polling round (here or elsewhere) starts it again. */
export async function stopAllBots(deps: Pick<AccountDeps, 'sql' | 'runtime' | 'logger'>, workspaceId: string): Promise<void> {
  for (const botId of await repo.switchOffBots(deps.sql, workspaceId)) {
    await deps.runtime.stop(botId, { forget: true }).catch((error: unknown) => deps.logger.error('falha ao parar bot excluído', { botId, error }));
  }
}

async function credentialsOf(deps: Pick<AccountDeps, 'sql'>, userId: string) {
  const account = await repo.findCredentials(deps.sql, userId);
  // The auth guard found the account a moment ago: only a deletion in between gets here.
  if (!account) throw new AppError('UNAUTHENTICATED', 401);
  return account;
}

/** Best effort: a stream the announcement misses still ends at its time limit and cannot reconnect. */
async function announceEnded(deps: AccountDeps, userId: string, exceptSessionId?: string): Promise<void> {
  const payload = exceptSessionId ? { userId, exceptSessionId } : { userId };
  await deps.peers?.publish(SESSIONS_ENDED_TOPIC, payload).catch((error: unknown) => deps.logger.warn('aviso de sessões encerradas não enviado', { userId, error }));
}
