import { useState } from 'react';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';
import { addButton, removeButton, updateButton } from '../utils/button-list.ts';
import { toFormValues, validateWelcomeForm, type WelcomeFormErrors, type WelcomeFormValues, type WelcomePayload } from '../utils/welcome-form.ts';

type Settings = Pick<WelcomeFormValues, 'message' | 'enabled' | 'triggerOn' | 'autoApprove' | 'sendToPrivate'>;

/**
 * The channel form's state. Errors appear on submit and each clears as soon as its field is edited. `dirty` says
 * the user typed something not handed to the outbox yet (a valid submit hands it over).
 */
export function useWelcomeForm(initial: WelcomeMessage) {
  const [values, setDraft] = useState<WelcomeFormValues>(() => toFormValues(initial));
  const [errors, setErrors] = useState<WelcomeFormErrors>({});
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
    set<K extends keyof Settings>(key: K, value: Settings[K]) {
      setValues((current) => ({ ...current, [key]: value }));
      clear(key);
    },
    addButton() {
      setValues((current) => ({ ...current, buttons: addButton(current.buttons) }));
    },
    updateButton(key: string, change: { text?: string; value?: string }) {
      setValues((current) => ({ ...current, buttons: updateButton(current.buttons, key, change) }));
      clear(...Object.keys(change).map((part) => `buttons.${key}.${part}`));
    },
    removeButton(key: string) {
      setValues((current) => ({ ...current, buttons: removeButton(current.buttons, key) }));
      clear(`buttons.${key}.text`, `buttons.${key}.value`, 'buttons');
    },
    /** The request body, or null after showing the errors. */
    validate(): WelcomePayload | null {
      const result = validateWelcomeForm(values);
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) setDirty(false);
      return result.ok ? result.payload : null;
    },
  };
}

export type WelcomeForm = ReturnType<typeof useWelcomeForm>;
