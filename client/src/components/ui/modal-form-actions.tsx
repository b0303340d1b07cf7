import { useId } from 'react';
import { Button } from './button.tsx';

export type ModalFormActionsProps = {
  /** The id of the form inside the modal: the submit button sits in the footer, outside it. */
  formId: string;
  submitLabel: string;
  cancelLabel?: string;
  onCancel: () => void;
  /** The submit shows a spinner (and is disabled) while the form is being sent. */
  loading?: boolean;
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  /** Why the submit is disabled, shown beside it and describing it. */
  hint?: string | undefined;
};

/** The footer of a modal form: Cancelar and the submit of the form (docs/product.md#form-pieces). */
export function ModalFormActions({ formId, submitLabel, cancelLabel = 'Cancelar', onCancel, loading, submitDisabled, cancelDisabled, hint }: ModalFormActionsProps) {
  const hintId = useId();
  return (
    <>
      {hint && (
        <p id={hintId} className="mr-auto text-sm text-slate-500">
          {hint}
        </p>
      )}
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} loading={loading} disabled={submitDisabled} aria-describedby={hint ? hintId : undefined}>
        {submitLabel}
      </Button>
    </>
  );
}
