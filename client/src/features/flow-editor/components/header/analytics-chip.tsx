import { Eye, PlayCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { EDITOR_TEXTS } from '../../api/editor-texts.ts';
import { useFlowAnalytics } from '../../api/get-flow-analytics.ts';
import { useResetFlowAnalytics } from '../../api/reset-flow-analytics.ts';

const count = new Intl.NumberFormat('pt-BR');

/** docs/product.md#screen-flow-editor header chip: executions, visits and the reset button (confirmed first, docs/product.md#confirmations). */
export function AnalyticsChip({ flowId }: { flowId: string }) {
  const analytics = useFlowAnalytics(flowId);
  const reset = useResetFlowAnalytics(flowId);
  const [confirming, setConfirming] = useState(false);
  const executions = analytics.data?.executionCount ?? 0;
  const visits = analytics.data?.totalVisits ?? 0;
  // Before the first answer (or when it fails) the chip shows a dash, never a zero it does not know.
  const figure = (value: number) => (analytics.data ? count.format(value) : '–');
  return (
    <>
      <div role="group" aria-label="Estatísticas do fluxo" className="flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-3 text-xs text-slate-600">
        <span className="flex items-center gap-1" title="Execuções">
          <PlayCircle aria-hidden="true" className="size-3.5" />
          <span data-testid="analytics-executions">{figure(executions)}</span> {executions === 1 ? 'execução' : 'execuções'}
        </span>
        <span className="flex items-center gap-1" title="Visitas">
          <Eye aria-hidden="true" className="size-3.5" />
          <span data-testid="analytics-visits">{figure(visits)}</span> {visits === 1 ? 'visita' : 'visitas'}
        </span>
        <button
          type="button"
          aria-label="Zerar estatísticas"
          title="Zerar estatísticas"
          disabled={reset.isPending || !analytics.data}
          className="-my-0.5 rounded-full p-[5px] text-slate-500 hover:bg-slate-200 hover:text-slate-800 disabled:opacity-50"
          onClick={() => setConfirming(true)}
        >
          <RotateCcw aria-hidden="true" className="size-3.5" />
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Zerar estatísticas"
        message={EDITOR_TEXTS.resetStats}
        confirmLabel="Zerar"
        danger
        loading={reset.isPending}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
