import type { FormEvent } from 'react';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useCreatePixel, useUpdatePixel } from '../api/pixel-requests.ts';
import { checkCreatePixel, checkUpdatePixel, emptyPixelForm, pixelFormFrom, type PixelField, type PixelFormValues } from '../utils/pixel-form.ts';

/**
 * The register / edit form (docs/product.md#rules-pixels): errors show on submit and clear as the field is edited;
 * `onSaved` runs on success. A refused save keeps the form open (the mutation cache toasted why).
 */
export function usePixelForm(pixel: Pixel | undefined, onSaved: () => void) {
  const create = useCreatePixel();
  const update = useUpdatePixel();
  // A valid form answers how to save it: edit with the pixel's id, or register.
  const check = (values: PixelFormValues) => {
    if (pixel) {
      const result = checkUpdatePixel(values);
      return result.ok ? { ok: true as const, save: () => update.mutateAsync({ id: pixel.id, input: result.input }) } : result;
    }
    const result = checkCreatePixel(values);
    return result.ok ? { ok: true as const, save: () => create.mutateAsync(result.input) } : result;
  };
  const form = useFormState({ initial: (): PixelFormValues => (pixel ? pixelFormFrom(pixel) : emptyPixelForm()), check, guardLeave: false });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    try {
      await valid.save();
      onSaved();
    } catch {
      // The mutation cache toasted the server's message (or the docs' text); the form stays open to try again.
    }
  }

  return {
    form,
    set: (field: PixelField, value: string) => form.edit((current) => ({ ...current, [field]: value }), [field]),
    saving: create.isPending || update.isPending,
    submit,
  };
}
