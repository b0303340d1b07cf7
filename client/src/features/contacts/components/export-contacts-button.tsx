import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { CONTACT_FILE_TEXTS, exportContacts, type ExportFilters } from '../api/contact-import.ts';

/** "Exportar CSV": the contacts the screen's filters select, every page, as the file Excel in pt-BR opens. */
export function ExportContactsButton({ filters }: { filters: ExportFilters }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await exportContacts(filters);
    } catch (error) {
      toast.error(errorMessage(error, CONTACT_FILE_TEXTS.exportError));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" loading={busy} icon={<Download aria-hidden="true" className="size-4" />} onClick={() => void download()}>
      Exportar CSV
    </Button>
  );
}
