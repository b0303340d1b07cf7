import { useState } from 'react';
import {
  addButtonTo,
  addRow,
  removeButtonFrom,
  removeRow,
  toPayload,
  updateButtonIn,
  type BroadcastFormErrors,
  type BroadcastFormValues,
  type EditableButton,
  type FormPayload,
} from '../utils/broadcast-form.ts';

type Plain = Exclude<keyof BroadcastFormValues, 'buttons'>;

/**
 * The broadcast form's state. Errors appear on submit (the shared schema's pt-BR texts) and each clears when its
 * field is edited; `dirty` says there is something not saved yet ('Enviar Agora' asks to save first).
 */
export function useBroadcastForm(initial: BroadcastFormValues) {
  const [values, setDraft] = useState<BroadcastFormValues>(initial);
  const [errors, setErrors] = useState<BroadcastFormErrors>({});
  const [dirty, setDirty] = useState(false);
  const setValues: typeof setDraft = (next) => {
    setDraft(next);
    setDirty(true);
  };
  const clear = (...keys: string[]) =>
    setErrors((current) => (keys.some((key) => current[key]) ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))) : current));

  return {
    values,
    errors,
    dirty,
    set<K extends Plain>(key: K, value: BroadcastFormValues[K]) {
      setValues((current) => ({ ...current, [key]: value }));
      clear(key, ...(key === 'mediaType' ? ['mediaUrl', 'text'] : []), ...(key === 'targetType' ? ['contactIds'] : []));
    },
    /** Several fields at once (an upload sets the URL and the type it found). */
    patch(changes: Partial<BroadcastFormValues>) {
      setValues((current) => ({ ...current, ...changes }));
      clear(...Object.keys(changes));
    },
    addRow() {
      setValues((current) => ({ ...current, buttons: addRow(current.buttons) }));
      clear('buttons');
    },
    removeRow(rowKey: string) {
      setValues((current) => ({ ...current, buttons: removeRow(current.buttons, rowKey) }));
    },
    addButton(rowKey: string) {
      setValues((current) => ({ ...current, buttons: addButtonTo(current.buttons, rowKey) }));
      clear(`buttons.${rowKey}`);
    },
    updateButton(rowKey: string, buttonKey: string, change: Partial<Omit<EditableButton, 'key'>>) {
      setValues((current) => ({ ...current, buttons: updateButtonIn(current.buttons, rowKey, buttonKey, change) }));
      clear(...Object.keys(change).map((part) => `buttons.${rowKey}.${buttonKey}.${part === 'type' ? 'value' : part}`));
    },
    removeButton(rowKey: string, buttonKey: string) {
      setValues((current) => ({ ...current, buttons: removeButtonFrom(current.buttons, rowKey, buttonKey) }));
      clear(`buttons.${rowKey}.${buttonKey}.text`, `buttons.${rowKey}.${buttonKey}.value`, `buttons.${rowKey}`);
    },
    /** The request bodies, or null after showing the errors. */
    validate(): FormPayload | null {
      const result = toPayload(values);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? result.payload : null;
    },
    saved() {
      setDirty(false);
    },
  };
}

export type BroadcastForm = ReturnType<typeof useBroadcastForm>;
