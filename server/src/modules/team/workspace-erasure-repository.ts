/**
 * Erasing a workspace's tenant data while its founder's account stays (workspace-service.ts). A workspace's id is
 * its founder's user id, so the rows cannot go with a cascade from users: each tenant table is emptied of the
 * workspace's rows, children first. The sync bookkeeping (sync_*) stays: the row triggers record each deletion as
 * a change, so the owner's other devices pull the emptied workspace like any other deletion. TENANT_TABLES and
 * KEPT_TABLES together name every table with a tenant column (workspace-deletion.test.ts holds it against the schema),
 * so a new table cannot be forgotten here.
 */
import type { Queryable } from '../../db/client.ts';

/** Emptied, in this order (children before what they reference). */
export const TENANT_TABLES = [
  'access_reminders', 'access_join_challenges', 'access_join_rules', 'access_link_requests', 'access_link_sends', 'access_unpaid_removals', 'access_gate_decisions', 'access_invite_links', 'access_webhook_events', 'access_payments', 'access_star_payments', 'access_member_events', 'access_members', 'access_plan_channels', 'access_plans',
  'messages', 'conversation_notes', 'contact_labels', 'contact_imports', 'labels', 'quick_replies', 'conversation_events', 'conversations', 'channel_member_events', 'welcome_messages', 'flow_connections', 'flow_nodes',
  'flows', 'broadcasts', 'funnels', 'webhook_deliveries', 'webhook_subscriptions', 'pixel_events', 'meta_pixels', 'contacts', 'channels', 'bots', 'media_files', 'activity_counts',
  'push_presence', 'api_keys',
] as const;

/** Kept: the person's own (sessions, password resets), the sync bookkeeping, what the erasure handles itself. */
export const KEPT_TABLES = [
  'refresh_tokens', 'password_reset_tokens', 'workspace_members', 'team_invitations', 'audit_log', 'push_subscriptions', 'jobs',
  'sync_changes', 'sync_clients', 'sync_field_changes', 'sync_mutation_failures', 'sync_versions',
] as const;

/**
 * Erases the workspace's rows and every member but its founder; answers the members removed. In the caller's
 * transaction. The removed members' sessions acting here are refused on their next request (403 NOT_A_MEMBER, as
 * for a removal), which sends their consoles back to their own workspace rather than signing them out.
 */
export async function eraseWorkspaceData(tx: Queryable, workspaceId: string): Promise<string[]> {
  await tx`
    delete from jobs
    where tenant = ${workspaceId}
       or payload->>'broadcastId' in (select id::text from broadcasts where user_id = ${workspaceId})
       or payload->>'pixelId' in (select id::text from meta_pixels where user_id = ${workspaceId})`;
  for (const table of TENANT_TABLES) await tx`delete from ${tx(table)} where user_id = ${workspaceId}`;
  // The founder's own devices keep their subscriptions (their workspace goes on, empty); the others' go with them.
  await tx`delete from push_subscriptions where user_id = ${workspaceId} and member_id is not null and member_id <> ${workspaceId}`;
  await tx`delete from team_invitations where workspace_id = ${workspaceId}`;
  await tx`delete from audit_log where account_id = ${workspaceId}`;
  const removed = await tx<{ userId: string }[]>`
    delete from workspace_members where workspace_id = ${workspaceId} and user_id <> ${workspaceId} returning user_id as "userId"`;
  return removed.map((row) => row.userId);
}
