/**
 * Broadcast drafts written offline. No local broadcast table exists yet: the outbox holds the change and the
 * broadcast screens read the server; the screens' branch replaces these with optimistic writes.
 */
import type { ApplyFn } from './types.ts';

export const applyBroadcastCreate: ApplyFn<'broadcast.create'> = async () => {};
export const applyBroadcastUpdate: ApplyFn<'broadcast.update'> = async () => {};
export const applyBroadcastDelete: ApplyFn<'broadcast.delete'> = async () => {};
