import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { toast } from '../../../lib/toast.ts';

const DATA_EXPORT_TEXTS = {
  title: 'Exportar meus dados',
  description: 'Um arquivo JSON com tudo o que a sua conta guarda, para levar a outro lugar ou arquivar.',
  contents:
    'Inclui os bots (sem os tokens), canais, mensagens de boas-vindas, fluxos com o editor completo, contatos, mensagens, disparos, funis e pixels (sem os tokens de acesso). Contas grandes podem levar alguns minutos.',
  button: 'Baixar meus dados',
  done: 'Seus dados foram exportados',
  failed: 'Erro ao exportar seus dados',
} as const;

/** "Exportar meus dados" of the account screen: GET /api/account/export, saved as a file (recorded in the audit log). */
export function DataExportSection({ online }: { online: boolean }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadApiFile('/account/export', 'canalize-dados.json', DATA_EXPORT_TEXTS.failed);
      toast.success(DATA_EXPORT_TEXTS.done);
    } catch (error) {
      toast.error(error instanceof ApiError && !error.sessionExpired ? error.message : DATA_EXPORT_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={DATA_EXPORT_TEXTS.title} description={DATA_EXPORT_TEXTS.description} />
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{DATA_EXPORT_TEXTS.contents}</p>
        <Button variant="outline" icon={<Download aria-hidden="true" className="size-4" />} loading={busy} disabled={!online} onClick={() => void download()}>
          {DATA_EXPORT_TEXTS.button}
        </Button>
      </CardContent>
    </Card>
  );
}
