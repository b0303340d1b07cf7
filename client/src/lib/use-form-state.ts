/**
 * A form's state: its values, its errors by field (shown on submit, each cleared as soon as its field is edited),
 * and `dirty` while there is typing not saved yet. A dirty form guards leaving the page (lib/unsaved-changes.ts)
 * unless it opts out.
 */
import { useState } from 'react';
import { useUnsavedChanges } from './unsaved-changes.ts';

/** Errors by field key, e.g. `name` or `buttons.<row key>.text`. */
export type FormErrors = Partial<Record<string, string>>;
export type FormCheck<Payload> = { ok: true; payload: Payload } | { ok: false; errors: FormErrors };

type Options<Values, Payload> = {
  initial: Values | (() => Values);
  /** The form's rules (the shared schema's pt-BR texts): the request body, or the errors to show. */
  check: (values: Values) => FormCheck<Payload>;
  guardLeave?: boolean;
};

export function useFormState<Values, Payload>({ initial, check, guardLeave = true }: Options<Values, Payload>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(guardLeave && dirty);

  const clear = (keys: string[]) =>
    setErrors((current) => (keys.some((key) => current[key]) ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))) : current));

  return {
    values,
    errors,
    dirty,
    /** Changes the values and clears the errors of the fields it touched. */
    edit(change: (current: Values) => Values, touched: string[] = []) {
      setValues(change);
      setDirty(true);
      clear(touched);
    },
    /** The request body, or null after showing the errors. */
    validate(): Payload | null {
      const result = check(values);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? result.payload : null;
    },
    /** What was typed is saved (or handed to the outbox): nothing left to lose. */
    saved() {
      setDirty(false);
    },
  };
}
