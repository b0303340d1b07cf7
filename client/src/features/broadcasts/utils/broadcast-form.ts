/**
 * The broadcast form (docs/product.md#screen-broadcast-form, #rules-broadcasts): what is edited, how it becomes the
 * request body, and the pt-BR errors of the shared schema keyed by the field that shows them.
 *
 * One text field: the message without media, the caption with media. Blank scheduledFor, mediaUrl and caption are
 * left out of a creation; an edit sends `null` to clear what was set (PATCH keeps what is left out).
 */
import type { Broadcast } from '@shared/broadcasts/answers.ts';
import { createBroadcastInputSchema, scheduleIssue, type BroadcastMediaType, type BroadcastTargetType, type CreateBroadcastInput, type UpdateBroadcastInput } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_LIMITS, BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { fromLocalInput, toLocalInput } from './schedule.ts';

export type ButtonType = 'url' | 'callback';
export type EditableButton = { key: string; text: string; type: ButtonType; value: string };
export type EditableRow = { key: string; buttons: EditableButton[] };

export type BroadcastFormValues = {
  name: string;
  botId: string;
  mediaType: BroadcastMediaType | '';
  mediaUrl: string;
  /** The message (no media) or the caption (with media). */
  text: string;
  buttons: EditableRow[];
  targetType: BroadcastTargetType;
  contactIds: string[];
  /** The label of a LABEL audience ('' = none chosen). */
  labelId: string;
  /** datetime-local, the user's zone; '' = none. */
  scheduledLocal: string;
};

export type BroadcastFormErrors = Record<string, string>;

let nextKey = 0;
const newKey = (prefix: string) => `${prefix}-${++nextKey}`;

export function emptyForm(botId = ''): BroadcastFormValues {
  return { name: '', botId, mediaType: '', mediaUrl: '', text: '', buttons: [], targetType: 'ALL', contactIds: [], labelId: '', scheduledLocal: '' };
}

export function toFormValues(broadcast: Pick<Broadcast, 'name' | 'botId' | 'mediaType' | 'mediaUrl' | 'message' | 'caption' | 'buttons' | 'targetType' | 'contactIds' | 'scheduledFor'> & { labelId?: string | null }): BroadcastFormValues {
  return {
    name: broadcast.name,
    botId: broadcast.botId,
    mediaType: broadcast.mediaType ?? '',
    mediaUrl: broadcast.mediaUrl ?? '',
    text: broadcast.mediaType ? (broadcast.caption ?? broadcast.message ?? '') : broadcast.message,
    buttons: broadcast.buttons.slice(0, BROADCAST_LIMITS.maxButtonRows).map((row) => ({
      key: newKey('row'),
      buttons: row.buttons.map((button) => ({ key: newKey('button'), text: button.text, type: button.type, value: button.value })),
    })),
    targetType: broadcast.targetType,
    contactIds: [...broadcast.contactIds],
    labelId: broadcast.labelId ?? '',
    scheduledLocal: toLocalInput(broadcast.scheduledFor),
  };
}

// ---- Button rows (≤ 10 rows × 3) ----------------------------------------------------------------------------

export const canAddRow = (rows: readonly EditableRow[]) => rows.length < BROADCAST_LIMITS.maxButtonRows;
export const canAddButton = (row: EditableRow) => row.buttons.length < BROADCAST_LIMITS.maxButtonsPerRow;

/** A new button is type url with empty text and value (docs/product.md#rules-broadcasts). */
const newButton = (): EditableButton => ({ key: newKey('button'), text: '', type: 'url', value: '' });

export function addRow(rows: readonly EditableRow[]): EditableRow[] {
  return canAddRow(rows) ? [...rows, { key: newKey('row'), buttons: [newButton()] }] : [...rows];
}

export function addButtonTo(rows: readonly EditableRow[], rowKey: string): EditableRow[] {
  return rows.map((row) => (row.key === rowKey && canAddButton(row) ? { ...row, buttons: [...row.buttons, newButton()] } : row));
}

export function updateButtonIn(rows: readonly EditableRow[], rowKey: string, buttonKey: string, change: Partial<Omit<EditableButton, 'key'>>): EditableRow[] {
  return rows.map((row) =>
    row.key === rowKey ? { ...row, buttons: row.buttons.map((button) => (button.key === buttonKey ? { ...button, ...change } : button)) } : row,
  );
}

/** Removing a row's last button removes the row. */
export function removeButtonFrom(rows: readonly EditableRow[], rowKey: string, buttonKey: string): EditableRow[] {
  return rows.flatMap((row) => {
    if (row.key !== rowKey) return [row];
    const buttons = row.buttons.filter((button) => button.key !== buttonKey);
    return buttons.length === 0 ? [] : [{ ...row, buttons }];
  });
}

export const removeRow = (rows: readonly EditableRow[], rowKey: string) => rows.filter((row) => row.key !== rowKey);

// ---- Payload -------------------------------------------------------------------------------------------------

export type FormPayload = {
  /** POST /broadcasts (and broadcast.create, with an id and without scheduledFor). */
  create: CreateBroadcastInput;
  /** PATCH /broadcasts/{id} (and broadcast.update, without scheduledFor): every field, null clears. */
  update: UpdateBroadcastInput;
  /** The ISO instant of the schedule, when one is set. */
  scheduledFor: string | undefined;
};

export type FormResult = { ok: true; payload: FormPayload } | { ok: false; errors: BroadcastFormErrors };

const trimmed = (value: string) => value.trim();

export function toPayload(values: BroadcastFormValues, now = Date.now()): FormResult {
  const hasMedia = values.mediaType !== '';
  const text = values.text;
  const scheduledFor = values.scheduledLocal.trim() ? fromLocalInput(values.scheduledLocal) : undefined;
  const buttons = values.buttons.map((row) => ({ buttons: row.buttons.map(({ text: label, type, value }) => ({ text: label, type, value })) }));
  const contactIds = values.targetType === 'SELECTED' ? values.contactIds : [];
  const labelId = values.targetType === 'LABEL' && values.labelId ? values.labelId : null;
  const create: CreateBroadcastInput = {
    name: values.name,
    botId: values.botId,
    message: hasMedia ? '' : text,
    ...(hasMedia ? { mediaType: values.mediaType as BroadcastMediaType } : {}),
    ...(hasMedia && trimmed(values.mediaUrl) ? { mediaUrl: trimmed(values.mediaUrl) } : {}),
    ...(hasMedia && text.trim() ? { caption: text } : {}),
    buttons,
    targetType: values.targetType,
    contactIds,
    ...(labelId ? { labelId } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
  };

  const errors: BroadcastFormErrors = {};
  const parsed = createBroadcastInputSchema.safeParse(create);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = errorKey(issue.path, values);
      errors[key] ??= issue.message;
    }
  }
  if (values.scheduledLocal.trim() && !scheduledFor) errors.scheduledLocal = BROADCAST_TEXTS.scheduleInvalid;
  const past = scheduleIssue(scheduledFor, now);
  if (past) errors.scheduledLocal ??= past;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const update: UpdateBroadcastInput = {
    name: values.name,
    botId: values.botId,
    message: create.message ?? '',
    mediaType: hasMedia ? (values.mediaType as BroadcastMediaType) : null,
    mediaUrl: hasMedia && trimmed(values.mediaUrl) ? trimmed(values.mediaUrl) : null,
    caption: hasMedia && text.trim() ? text : null,
    buttons,
    targetType: values.targetType,
    contactIds,
    labelId,
    scheduledFor: scheduledFor ?? null,
  };
  return { ok: true, payload: { create, update, scheduledFor } };
}

/** The schema's path → the form field showing it ('buttons.<rowKey>.<buttonKey>.text', 'text' for message/caption). */
function errorKey(path: readonly PropertyKey[], values: BroadcastFormValues): string {
  const [head, rowIndex, , buttonIndex, field] = path;
  if (head === 'message' || head === 'caption') return 'text';
  if (head === 'mediaType') return 'mediaType';
  if (head === 'scheduledFor') return 'scheduledLocal';
  if (head === 'buttons') {
    const row = typeof rowIndex === 'number' ? values.buttons[rowIndex] : undefined;
    if (!row) return 'buttons';
    const button = typeof buttonIndex === 'number' ? row.buttons[buttonIndex] : undefined;
    if (!button) return `buttons.${row.key}`;
    return `buttons.${row.key}.${button.key}.${field === 'text' ? 'text' : 'value'}`;
  }
  return String(head ?? 'form');
}

/** The value placeholder by type (docs/product.md#rules-broadcasts). */
