import type { ContactImport } from '@shared/contacts/import.ts';

const number = new Intl.NumberFormat('pt-BR');
/** Errors listed in the dialog; the rest are counted. */
const SHOWN_ERRORS = 10;

/** The dry-run: lines read, valid, with errors (the first ones, line by line), labels to be created. */
export function ImportCheckSummary({ result }: { result: ContactImport }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        <strong>{number.format(result.totalRows)}</strong> linhas no arquivo: <strong>{number.format(result.validRows)}</strong> válidas,{' '}
        <strong>{number.format(result.errorCount)}</strong> com erro (ignoradas).
      </p>
      {result.newLabels.length > 0 && <p>Etiquetas novas que serão criadas: {result.newLabels.join(', ')}.</p>}
      {result.errors.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold text-slate-900">Primeiros erros</h3>
          <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {result.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
              <li key={`${error.line}-${error.column}-${index}`}>
                Linha {error.line} · {error.column}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The job's progress over the file's lines, then its outcome. */
export function ImportProgress({ result }: { result: ContactImport }) {
  const percent = result.totalRows === 0 ? 100 : Math.round((result.processed / result.totalRows) * 100);
  if (result.status === 'failed') return <p className="text-sm text-red-700">A importação parou: o bot foi removido. Os contatos já gravados foram mantidos.</p>;
  if (result.status === 'done') {
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">Importação concluída</p>
        <p>
          {number.format(result.created)} contatos novos, {number.format(result.updated)} atualizados, {number.format(result.validRows - result.created - result.updated)} já
          estavam iguais.
        </p>
        <p>Contatos importados só recebem disparos depois de enviarem uma mensagem ao bot.</p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div role="progressbar" aria-label="Importando contatos" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600">
        {number.format(result.processed)} de {number.format(result.totalRows)} linhas ({percent}%)
      </p>
    </div>
  );
}
