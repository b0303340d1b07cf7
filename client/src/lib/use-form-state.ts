/**
 * A form's state: its values, its errors by field (shown on submit, each cleared as soon as its field is edited),
 * a form-level summary when the rules give one (shown once, not under each field), and `dirty` while there is
 * typing not saved yet. A dirty form guards leaving the page (lib/unsaved-changes.ts) unless it opts out.
 */
import { useState } from 'react';
import { useUnsavedChanges } from './unsaved-changes.ts';

/** Errors by field key, e.g. `name` or `buttons.<row key>.text`. */
export type FormErrors = Partial<Record<string, string>>;
/** What a form's rules answer: ok with the request body (in whatever field the rules name it), or the errors. */
export type FormCheck = { ok: true } | { ok: false; errors: FormErrors; summary?: string | undefined };

type Options<Values, Check extends FormCheck> = {
  initial: Values | (() => Values);
  /** The form's rules (the shared schema's pt-BR texts). */
  check: (values: Values) => Check;
  guardLeave?: boolean;
};

const isOk = <Check extends FormCheck>(result: Check): result is Extract<Check, { ok: true }> => result.ok;

export function useFormState<Values, Check extends FormCheck>({ initial, check, guardLeave = true }: Options<Values, Check>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(guardLeave && dirty);

  const clear = (keys: string[]) =>
    setErrors((current) => (keys.some((key) => current[key]) ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))) : current));

  return {
    values,
    errors,
    summary,
    dirty,
    /** The text to show under a field: its error, unless it is the summary (then the field is only marked). */
    shownError: (key: string) => (errors[key] !== summary ? errors[key] : undefined),
    /** Changes the values and clears the errors of the fields it touched (and the summary). */
    edit(change: (current: Values) => Values, touched: string[] = []) {
      setValues(change);
      setDirty(true);
      clear(touched);
      setSummary(undefined);
    },
    /** The rules' ok answer, or null after showing the errors. */
    validate(): Extract<Check, { ok: true }> | null {
      const result = check(values);
      setErrors(result.ok ? {} : result.errors);
      setSummary(result.ok ? undefined : result.summary);
      return isOk(result) ? result : null;
    },
    /** What was typed is saved (or handed to the outbox): nothing left to lose. */
    saved() {
      setDirty(false);
    },
  };
}
