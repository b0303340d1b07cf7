import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { BotSelect } from '../../../components/ui/bot-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useContactImport } from '../hooks/use-contact-import.ts';
import { ImportMapping } from './import-mapping.tsx';
import { ImportCheckSummary, ImportProgress } from './import-result.tsx';

const FILE_HINT = 'CSV de até 20 MB e 200.000 linhas, separado por ; ou ,, com os nomes das colunas na primeira linha.';

/** "Importar contatos": the button and its dialog (file, bot, columns, dry-run, progress, result). */
export function ImportContactsButton({ bots, botId }: { bots: readonly Bot[]; botId?: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <>
      <Button variant="outline" size="sm" icon={<Upload aria-hidden="true" className="size-4" />} disabled={bots.length === 0} onClick={() => setOpen(true)}>
        Importar contatos
      </Button>
      {open && (
        <ImportContactsDialog
          key={round}
          bots={bots}
          defaultBotId={botId ?? bots[0]?.id ?? ''}
          onClose={() => {
            setOpen(false);
            setRound((value) => value + 1);
          }}
        />
      )}
    </>
  );
}

function ImportContactsDialog({ bots, defaultBotId, onClose }: { bots: readonly Bot[]; defaultBotId: string; onClose: () => void }) {
  const flow = useContactImport(defaultBotId);
  const { step, result } = flow;
  const picking = step === 'pick' || step === 'checking';
  const footer = picking ? (
    <Button loading={step === 'checking'} disabled={!flow.file || flow.columns.length === 0 || flow.mapping.telegramId === null || !flow.botId} onClick={() => void flow.check()}>
      Verificar arquivo
    </Button>
  ) : step === 'checked' || step === 'starting' ? (
    <>
      <Button variant="outline" onClick={flow.back}>
        Voltar
      </Button>
      <Button loading={step === 'starting'} disabled={!result || result.validRows === 0} onClick={() => void flow.start()}>
        Importar {new Intl.NumberFormat('pt-BR').format(result?.validRows ?? 0)} contatos
      </Button>
    </>
  ) : (
    <Button variant={step === 'done' ? 'primary' : 'outline'} onClick={onClose}>
      {step === 'done' ? 'Concluir' : 'Continuar em segundo plano'}
    </Button>
  );
  return (
    <Modal open onClose={onClose} title="Importar contatos" description="Nada é gravado antes da verificação do arquivo." size="xl" footer={footer}>
      <div className="space-y-4">
        {picking && (
          <>
            <Field label="Arquivo CSV" required helperText={FILE_HINT}>
              {(control) => (
                <input {...control} type="file" accept=".csv,text/csv,text/plain" className={`${controlClasses(false)} py-2`} onChange={(event) => void flow.choose(event.target.files?.[0] ?? null)} />
              )}
            </Field>
            <BotSelect bots={bots} value={flow.botId} onChange={flow.setBotId} />
            {flow.columns.length > 0 && <ImportMapping columns={flow.columns} mapping={flow.mapping} onChange={flow.setMapping} />}
          </>
        )}
        {result && (step === 'checked' || step === 'starting') && <ImportCheckSummary result={result} />}
        {result && (step === 'running' || step === 'done') && <ImportProgress result={result} />}
        {flow.error && (
          <p role="alert" className="text-sm text-red-700">
            {flow.error}
          </p>
        )}
      </div>
    </Modal>
  );
}
