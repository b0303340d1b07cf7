/**
 * The fields a conflict is detected on (docs/offline-sync.md#rule-6), named as the cached rows name them. Versions
 * are kept per field, not per row: edits to different fields of one row, or to different rows (nodes of one flow),
 * merge without a conflict. A node's `config` is a bag of settings, each key a field of its own (`config.seconds`).
 * Positions are not here: where a node sits is last-writer-wins, never worth a dialog.
 */
import type { SyncTable } from './protocol.ts';

const TRACKED: Partial<Record<SyncTable, readonly string[]>> = {
  bots: ['isActive', 'broadcastRate'],
  welcomeMessages: ['message', 'enabled', 'triggerOn', 'autoApprove', 'sendToPrivate', 'buttons'],
  flows: ['name', 'description', 'enabled', 'triggerType', 'executionContexts', 'allowedChannelIds'],
  flowNodes: ['label', 'order', 'config'],
  contacts: ['firstName', 'lastName', 'phoneNumber'],
  conversations: ['assigneeId', 'status'],
};

/** The object-valued field whose keys are fields of their own. */
const NESTED = 'config';

export const isTrackedTable = (table: SyncTable): boolean => TRACKED[table] !== undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tracked fields of a row and their values (`config.<key>` for each setting). */
export function fieldValues(table: SyncTable, row: unknown): Map<string, unknown> {
  const values = new Map<string, unknown>();
  if (!isRecord(row)) return values;
  for (const field of TRACKED[table] ?? []) {
    const value = row[field];
    if (field === NESTED && isRecord(value)) for (const [key, setting] of Object.entries(value)) values.set(`${NESTED}.${key}`, setting);
    else if (value !== undefined) values.set(field, value);
  }
  return values;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an edit changed, with the values it set: what differs between the row before and after it (a key of
 * `config` it removed counts, its value then null). A row that did not exist before: every field it has.
 */
export function changedFields(table: SyncTable, before: unknown, after: unknown): Record<string, unknown> {
  const old = fieldValues(table, before);
  const now = fieldValues(table, after);
  const changed: Record<string, unknown> = {};
  for (const [field, value] of now) if (!old.has(field) || !same(old.get(field), value)) changed[field] = value;
  for (const field of old.keys()) if (!now.has(field) && field.startsWith(`${NESTED}.`)) changed[field] = null;
  return changed;
}

/**
 * `target` (a mutation's args object) with `values` in place of what it would write, for the fields it writes:
 * top-level keys it sets, and keys of its `config` when it sends one. A null setting of `config` removes the key.
 */
export function withFieldValues<T extends Record<string, unknown>>(target: T, values: Record<string, unknown>): T {
  const result: Record<string, unknown> = { ...target };
  const config = isRecord(target[NESTED]) ? { ...target[NESTED] } : undefined;
  for (const [field, value] of Object.entries(values)) {
    if (field.startsWith(`${NESTED}.`)) {
      if (!config) continue;
      const key = field.slice(NESTED.length + 1);
      if (value === null || value === undefined) delete config[key];
      else config[key] = value;
    } else if (result[field] !== undefined) result[field] = value;
  }
  if (config) result[NESTED] = config;
  // Same keys as `target`, only values swapped for the server's.
  return result as T;
}
