import { useFormState } from '../../../lib/use-form-state.ts';
import {
  addButtonTo,
  addRow,
  removeButtonFrom,
  removeRow,
  toPayload,
  updateButtonIn,
  type BroadcastFormValues,
  type EditableButton,
} from '../utils/broadcast-form.ts';

type Plain = Exclude<keyof BroadcastFormValues, 'buttons'>;

/**
 * The broadcast form's state (lib/use-form-state.ts) with its edits: plain fields and the inline keyboard's rows.
 * `dirty` says there is something not saved yet ('Enviar Agora' asks to save first). It does not guard leaving
 * the page.
 */
export function useBroadcastForm(initial: BroadcastFormValues) {
  const form = useFormState({ initial, check: toPayload, guardLeave: false });
  const { edit } = form;
  return {
    values: form.values,
    errors: form.errors,
    dirty: form.dirty,
    /** The request bodies, or null after showing the errors. */
    validate: () => form.validate()?.payload ?? null,
    saved: form.saved,
    set<K extends Plain>(key: K, value: BroadcastFormValues[K]) {
      edit((current) => ({ ...current, [key]: value }), [key, ...(key === 'mediaType' ? ['mediaUrl', 'text'] : []), ...(key === 'targetType' ? ['contactIds', 'labelId'] : [])]);
    },
    /** Several fields at once (an upload sets the URL and the type it found). */
    patch(changes: Partial<BroadcastFormValues>) {
      edit((current) => ({ ...current, ...changes }), Object.keys(changes));
    },
    addRow() {
      edit((current) => ({ ...current, buttons: addRow(current.buttons) }), ['buttons']);
    },
    removeRow(rowKey: string) {
      edit((current) => ({ ...current, buttons: removeRow(current.buttons, rowKey) }));
    },
    addButton(rowKey: string) {
      edit((current) => ({ ...current, buttons: addButtonTo(current.buttons, rowKey) }), [`buttons.${rowKey}`]);
    },
    updateButton(rowKey: string, buttonKey: string, change: Partial<Omit<EditableButton, 'key'>>) {
      const touched = Object.keys(change).map((part) => `buttons.${rowKey}.${buttonKey}.${part === 'type' ? 'value' : part}`);
      edit((current) => ({ ...current, buttons: updateButtonIn(current.buttons, rowKey, buttonKey, change) }), touched);
    },
    removeButton(rowKey: string, buttonKey: string) {
      const touched = [`buttons.${rowKey}.${buttonKey}.text`, `buttons.${rowKey}.${buttonKey}.value`, `buttons.${rowKey}`];
      edit((current) => ({ ...current, buttons: removeButtonFrom(current.buttons, rowKey, buttonKey) }), touched);
    },
  };
}

export type BroadcastForm = ReturnType<typeof useBroadcastForm>;
