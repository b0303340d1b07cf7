import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@shared/api/validation.ts';
import { ApiError } from '../../../lib/api-client.ts';

type Errors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Controlled fields validated with a shared zod schema on submit (the same schema the server uses), errors shown
 * under each field. Editing a field clears its error; a server 400's per-field details land under the fields too.
 *
 * The schema may come as a loader (`() => import(…)`): the login screen is the first one a visitor downloads, and
 * zod is not part of it. The first edit starts the import, so it has arrived by the time the form is submitted.
 */
export function useFormFields<S extends z.ZodObject>(schema: S | (() => Promise<S>), initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const load = () => (typeof schema === 'function' ? schema() : Promise.resolve(schema));

  function setValue<K extends keyof Values & string>(key: K, value: Values[K]) {
    void load();
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /** The parsed values, or null after showing the errors. */
  async function validate(): Promise<z.output<S> | null> {
    const result = (await load()).safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error) as Errors<Values>);
    return null;
  }

  function showServerErrors(error: unknown) {
    if (error instanceof ApiError && error.details) setErrors(error.details as Errors<Values>);
  }

  return { values, errors, setValue, validate, showServerErrors };
}
