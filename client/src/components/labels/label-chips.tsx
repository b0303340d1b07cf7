import type { Label } from '@shared/labels/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { UserText } from '../ui/user-text.tsx';
import { LABEL_CHIP_CLASSES } from './label-colors.ts';
import { labelsOf } from './label-rules.ts';

/** One label: its name (isolated, it is a teammate's text) on its colour. */
export function LabelChip({ label, className }: { label: Pick<Label, 'name' | 'color'>; className?: string }) {
  return (
    <span className={cn('inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', LABEL_CHIP_CLASSES[label.color], className)}>
      <UserText className="truncate">{label.name}</UserText>
    </span>
  );
}

/** A contact's labels as chips, nothing when it has none (or only deleted ones). */
export function LabelChips({ labelIds, labels, className }: { labelIds: readonly string[]; labels: readonly Label[] | undefined; className?: string }) {
  const shown = labels ? labelsOf(labelIds, labels) : [];
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Etiquetas" className={cn('flex flex-wrap gap-1', className)}>
      {shown.map((label) => (
        <li key={label.id} className="max-w-full">
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}
