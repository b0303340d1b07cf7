import { Plus, Trash2 } from 'lucide-react';
import { BROADCAST_LIMITS, BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { canAddButton, canAddRow } from '../utils/broadcast-form.ts';
import { ButtonFields } from './button-fields.tsx';

/** Inline keyboard rows (docs/product.md#rules-broadcasts): ≤ 10 rows, ≤ 3 buttons a row; removing a row's last button removes the row. */
export function ButtonRowsEditor({ form }: { form: BroadcastForm }) {
  const rows = form.values.buttons;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-500">
        Opcional. Até {BROADCAST_LIMITS.maxButtonRows} linhas com até {BROADCAST_LIMITS.maxButtonsPerRow} botões cada.
      </p>
      {rows.map((row, rowIndex) => (
        <fieldset key={row.key} className="rounded-xl border border-slate-200 p-3">
          <legend className="sr-only">Linha {rowIndex + 1}</legend>
          <div className="mb-2 flex items-center justify-between gap-2">
            <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
              Linha {rowIndex + 1}
            </span>
            <Button variant="ghost" size="sm" aria-label={`Remover linha ${rowIndex + 1}`} className="text-red-600 hover:bg-red-50" onClick={() => form.removeRow(row.key)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <ol className="space-y-3">
            {row.buttons.map((button, index) => (
              <ButtonFields key={button.key} form={form} rowKey={row.key} button={button} name={`botão ${index + 1} da linha ${rowIndex + 1}`} />
            ))}
          </ol>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" disabled={!canAddButton(row)} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => form.addButton(row.key)}>
              Adicionar botão
            </Button>
            {(!canAddButton(row) || form.errors[`buttons.${row.key}`]) && (
              <span className="text-sm text-slate-500">{form.errors[`buttons.${row.key}`] ?? BROADCAST_TEXTS.tooManyButtonsPerRow}</span>
            )}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={!canAddRow(rows)} icon={<Plus aria-hidden="true" className="size-4" />} onClick={form.addRow}>
          Adicionar linha de botões
        </Button>
        {(!canAddRow(rows) || form.errors.buttons) && <p className="text-sm text-slate-500">{form.errors.buttons ?? BROADCAST_TEXTS.tooManyRows}</p>}
      </div>
    </div>
  );
}
