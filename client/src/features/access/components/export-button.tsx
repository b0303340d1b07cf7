import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOASTS } from '../api/access-texts.ts';
import { membersQuery, type MemberFilters } from '../utils/member-filters.ts';

/** Exportar CSV: the members the filters select, every page, as the file Excel in pt-BR opens. */
export function ExportButton({ filters, disabled }: { filters: MemberFilters; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadApiFile(`/access/members/export?${membersQuery(filters, true)}`, 'acessos.csv', ACCESS_TOASTS.exportFailed);
    } catch (error) {
      toast.error(errorMessage(error, ACCESS_TOASTS.exportFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" disabled={disabled} loading={busy} icon={<Download aria-hidden="true" className="size-4" />} onClick={() => void download()}>
      Exportar CSV
    </Button>
  );
}
