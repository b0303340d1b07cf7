import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { FormSummary } from './form-summary.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Modal } from './ui/modal.tsx';

/** What the server counted for erasure; `lines` stays undefined while it counts. */
export type DeletionImpactView = {
  lines: readonly string[] | undefined;
  failed: boolean;
  failedText: string;
  /** The accessible name of the placeholder while the server counts. */
  loadingLabel: string;
  /** Said instead of the list when nothing but the registration goes. */
  emptyText: string;
  /** What else happens, under the list. */
  note: string;
};

export type PasswordConfirmDialogProps = {
  formId: string;
  title: string;
  confirmLabel: string;
  impact: DeletionImpactView;
  /** The field's error when it is submitted empty. */
  passwordRequired: string;
  /** Shown above the field when the failure is not an ApiError (the network, a bug). */
  failedText: string;
  /** Does the deletion; a thrown ApiError with `details.password` marks the field, any other its message above. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
};

function Impact({ lines, failed, failedText, loadingLabel, emptyText, note }: DeletionImpactView) {
  if (failed) return <FormSummary text={failedText} />;
  if (!lines) return <div aria-busy="true" aria-label={loadingLabel} className="h-20 animate-pulse rounded-lg bg-slate-100" />;
  return (
    <div className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-medium">{lines.length > 0 ? 'Serão excluídos para sempre:' : emptyText}</p>
      {lines.length > 0 && (
        <ul aria-label="O que será excluído" className="mt-1 list-disc pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="mt-2">{note}</p>
    </div>
  );
}

/**
 * An irreversible deletion: what it erases, then the password. Focus starts on Cancelar so an Enter press never
 * destroys anything; while it runs the dialog cannot be dismissed, and a wrong password erases nothing and says so.
 */
export function PasswordConfirmDialog({ formId, title, confirmLabel, impact, passwordRequired, failedText, onConfirm, onClose }: PasswordConfirmDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!password) return setError(passwordRequired);
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.details?.password) setError(caught.details.password);
      else setFailure(caught instanceof ApiError ? caught.message : failedText);
    }
  }

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={title}
      description="Esta ação não pode ser desfeita."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy} data-autofocus>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <Impact {...impact} />
        <FormSummary text={failure} />
        <Input
          name="password"
          label="Digite sua senha para confirmar"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
