import { Button } from '../../../components/ui/button.tsx';
import { CONFLICT_TEXTS, describeConflict, fieldName } from '../../../offline/conflict-texts.ts';
import { useConflicts, useResolveConflict } from '../../../offline/hooks.ts';
import { mutationLabel } from '../../../offline/mutation-labels.ts';

/**
 * Changes of this device the server kept another device's newer value for (docs/offline-sync.md#rule-6): both values
 * of each field, and the two ways out. Nothing shows when there is none.
 */
export function SyncConflicts() {
  const conflicts = useConflicts();
  const { keepServer, applyMine } = useResolveConflict();
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="sync-conflicts" className="mb-6 space-y-2">
      <h3 id="sync-conflicts" className="text-sm font-semibold text-slate-900">
        {CONFLICT_TEXTS.count(conflicts.length)}
      </h3>
      <ul aria-label="Conflitos" className="divide-y divide-slate-100 rounded-lg border border-amber-300 text-sm">
        {conflicts.map((entry) => (
          <li key={entry.id} aria-label={`${CONFLICT_TEXTS.title}: ${mutationLabel(entry)}`} className="space-y-2 px-3 py-2">
            <p className="font-medium text-slate-900">
              <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{CONFLICT_TEXTS.title}</span>
              {mutationLabel(entry)}
            </p>
            <ul className="space-y-1 text-slate-700">
              {entry.conflicts.map((conflict) => (
                <li key={conflict.field}>
                  <span className="font-medium">{fieldName(conflict.field)}:</span> {describeConflict(conflict)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" size="sm" onClick={() => void keepServer(entry.id)}>
                {CONFLICT_TEXTS.keepServer}
              </Button>
              <Button size="sm" onClick={() => void applyMine(entry)}>
                {CONFLICT_TEXTS.applyMine}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
