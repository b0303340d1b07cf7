import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from './ui/button.tsx';
import { copyText } from '../lib/clipboard.ts';

type Props = { label: string; value: string; copyLabel: string; hint?: string };

/** A text to paste elsewhere, shown whole (selectable when copying fails) with its copy button. */
export function CopyBlock({ label, value, copyLabel, hint }: Props) {
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className="min-w-0">
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium text-slate-700">
          {label}
        </h3>
        <Button variant="outline" size="sm" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copyText(value)}>
          {copyLabel}
        </Button>
      </div>
      <pre className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs break-words whitespace-pre-wrap text-slate-800">{value}</pre>
      {hint && <p className="mt-1.5 text-xs text-slate-500">{hint}</p>}
    </section>
  );
}
