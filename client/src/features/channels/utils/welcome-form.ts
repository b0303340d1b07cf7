import type { z } from 'zod';
import { welcomeMessageInputSchema, type WelcomeMessage } from '@shared/welcome/schemas.ts';
import { toButtonInputs, toEditableButtons, type EditableButton } from './button-list.ts';

export type WelcomeFormValues = Omit<WelcomeMessage, 'buttons'> & { buttons: EditableButton[] };

/** Errors by field: `message`, `buttons` (the list itself) and `buttons.<key>.text|value` for one row. */
export type WelcomeFormErrors = Partial<Record<string, string>>;

export type WelcomePayload = Omit<z.output<typeof welcomeMessageInputSchema>, 'buttons'> & {
  buttons?: z.output<typeof welcomeMessageInputSchema>['buttons'];
};

export function toFormValues(welcome: WelcomeMessage): WelcomeFormValues {
  return { ...welcome, buttons: toEditableButtons(welcome.buttons) };
}

/**
 * Validates with the same shared schema the server uses (docs/product.md#rules-welcome), then maps each issue to the field it belongs
 * to; a button's errors are keyed by the row's stable key, not its index, so they follow the row. docs/product.md#api-welcome: the
 * buttons are left out of the request when there are none.
 */
export function validateWelcomeForm(values: WelcomeFormValues): { ok: true; payload: WelcomePayload } | { ok: false; errors: WelcomeFormErrors } {
  const parsed = welcomeMessageInputSchema.safeParse({ ...values, buttons: toButtonInputs(values.buttons) });
  if (parsed.success) {
    const { buttons, ...rest } = parsed.data;
    return { ok: true, payload: buttons.length > 0 ? { ...rest, buttons } : rest };
  }
  const errors: WelcomeFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index, part] = issue.path;
    const row = typeof index === 'number' ? values.buttons[index] : undefined;
    const key = field === 'buttons' && row && typeof part === 'string' ? `buttons.${row.key}.${part}` : String(field ?? 'message');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
