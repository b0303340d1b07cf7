import type { Label } from '@shared/labels/schemas.ts';
import { balanceBidi } from '@shared/text/invisible.ts';
import { controlClasses } from '../ui/field.tsx';
import { useLabels } from './use-labels.ts';

type Props = {
  value: string | undefined;
  onChange: (labelId: string | undefined) => void;
  className?: string;
  /** The options' source; the cached labels when absent. */
  labels?: readonly Label[] | undefined;
  /** A dense toolbar (the inbox list): the name is read by screen readers only. */
  compact?: boolean;
};

/**
 * "Etiqueta": every contact, or only those carrying one label. Self-contained (it reads the cached labels) so the
 * contacts toolbar and the inbox list place it beside their own filters; hidden while the workspace has no label.
 */
export function LabelFilter({ value, onChange, className, labels: given, compact = false }: Props) {
  const cached = useLabels();
  const labels = given ?? cached ?? [];
  if (labels.length === 0 && value === undefined) return null;
  return (
    <label className={className ?? 'block'}>
      <span className={compact ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-700'}>Etiqueta</span>
      <select className={compact ? 'h-8 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700' : `${controlClasses(false)} h-11`} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">Todas as etiquetas</option>
        {labels.map((label) => (
          <option key={label.id} value={label.id}>
            {balanceBidi(label.name)}
          </option>
        ))}
      </select>
    </label>
  );
}
