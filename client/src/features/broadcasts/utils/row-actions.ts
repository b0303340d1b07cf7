/**
 * Which actions a broadcast offers (docs/product.md#screen-broadcasts, #state-broadcast), from the shared table
 * `BROADCAST_ACTIONS`, plus what only this device knows: a draft still waiting in the outbox is not on the server
 * yet, so it can only be edited or deleted, and the server-side actions need a connection.
 */
import { canDo, type BroadcastStatus } from '@shared/broadcasts/status-machine.ts';

export type RowAction = 'details' | 'edit' | 'send' | 'cancel' | 'stop' | 'duplicate' | 'delete';

/** The order the row shows them in. */
export const ROW_ACTION_ORDER: readonly RowAction[] = ['details', 'edit', 'send', 'cancel', 'stop', 'duplicate', 'delete'];

/** Actions that are REST calls: they need the server to answer (send, cancel, stop, duplicate). */
export const ONLINE_ONLY_ACTIONS: ReadonlySet<RowAction> = new Set(['send', 'cancel', 'stop', 'duplicate']);

export type RowActionContext = {
  /** The draft was written on this device and the server has not taken it yet. */
  localOnly?: boolean;
};

export function rowActions(status: BroadcastStatus, { localOnly = false }: RowActionContext = {}): RowAction[] {
  if (localOnly) return ['edit', 'delete'];
  return ROW_ACTION_ORDER.filter((action) => canDo(action, status));
}

/** Whether an action can run now: the server-side ones are off offline (the button says why). */
export const actionAvailable = (action: RowAction, online: boolean) => online || !ONLINE_ONLY_ACTIONS.has(action);
