import { Download, ShieldX } from 'lucide-react';
import { useId, useState } from 'react';
import { CONTACT_DATA_TEXTS } from '@shared/contacts/data-export.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { exportContactData, useEraseContactData } from '../api/contact-data.ts';

type Props = { contactId: string; name: string; onErased: () => void };

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && !error.sessionExpired ? error.message : fallback);

/**
 * "Dados pessoais (LGPD)" of a contact: its export as a JSON file and its erasure, after a confirmation that says
 * what goes. Both are recorded in the account's audit log by the server.
 */
export function ContactDataActions({ contactId, name, onErased }: Props) {
  const eraseContactData = useEraseContactData();
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  async function download() {
    setBusy('export');
    try {
      await exportContactData(contactId);
      toast.success(CONTACT_DATA_TEXTS.exported);
    } catch (error) {
      toast.error(messageOf(error, CONTACT_DATA_TEXTS.exportError));
    } finally {
      setBusy(null);
    }
  }

  async function erase() {
    setBusy('erase');
    try {
      await eraseContactData(contactId);
      toast.success(CONTACT_DATA_TEXTS.erased);
      setConfirming(false);
      onErased();
    } catch (error) {
      toast.error(messageOf(error, CONTACT_DATA_TEXTS.eraseError));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-5 space-y-2 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">Dados pessoais (LGPD)</h3>
      <p className="text-sm text-slate-500">A pedido de <bdi>{name}</bdi>: baixe tudo o que a conta guarda sobre o contato, ou apague de forma definitiva.</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" icon={<Download aria-hidden="true" className="size-4" />} loading={busy === 'export'} disabled={busy !== null} onClick={() => void download()}>
          {CONTACT_DATA_TEXTS.exportLabel}
        </Button>
        <Button variant="outline" size="sm" className="text-red-700" icon={<ShieldX aria-hidden="true" className="size-4" />} disabled={busy !== null} onClick={() => setConfirming(true)}>
          {CONTACT_DATA_TEXTS.eraseLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={CONTACT_DATA_TEXTS.eraseTitle}
        message={CONTACT_DATA_TEXTS.eraseQuestion}
        confirmLabel={CONTACT_DATA_TEXTS.eraseConfirm}
        danger
        loading={busy === 'erase'}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
