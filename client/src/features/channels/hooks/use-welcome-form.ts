import type { WelcomeMessage } from '@shared/welcome/schemas.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { addButton, removeButton, updateButton } from '../utils/button-list.ts';
import { toFormValues, validateWelcomeForm, type WelcomeFormValues, type WelcomePayload } from '../utils/welcome-form.ts';

type Settings = Pick<WelcomeFormValues, 'message' | 'enabled' | 'triggerOn' | 'autoApprove' | 'sendToPrivate'>;

/**
 * The channel form's state (lib/use-form-state.ts, guarding leaving the page while dirty) with its edits. A valid
 * submit hands the typing to the outbox, so it is no longer unsaved.
 */
export function useWelcomeForm(initial: WelcomeMessage) {
  const form = useFormState({ initial: () => toFormValues(initial), check: validateWelcomeForm });
  const { edit } = form;
  return {
    values: form.values,
    errors: form.errors,
    dirty: form.dirty,
    set<K extends keyof Settings>(key: K, value: Settings[K]) {
      edit((current) => ({ ...current, [key]: value }), [key]);
    },
    addButton() {
      edit((current) => ({ ...current, buttons: addButton(current.buttons) }));
    },
    updateButton(key: string, change: { text?: string; value?: string }) {
      edit((current) => ({ ...current, buttons: updateButton(current.buttons, key, change) }), Object.keys(change).map((part) => `buttons.${key}.${part}`));
    },
    removeButton(key: string) {
      edit((current) => ({ ...current, buttons: removeButton(current.buttons, key) }), [`buttons.${key}.text`, `buttons.${key}.value`, 'buttons']);
    },
    /** The request body, or null after showing the errors. */
    validate(): WelcomePayload | null {
      const payload = form.validate()?.payload ?? null;
      if (payload) form.saved();
      return payload;
    },
  };
}

export type WelcomeForm = ReturnType<typeof useWelcomeForm>;
