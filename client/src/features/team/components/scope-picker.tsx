import { API_KEY_AREA_LABELS, API_KEY_AREAS, type ApiKeyArea, type ApiKeyScope } from '@shared/api-keys/schemas.ts';

type Props = { value: ReadonlySet<ApiKeyScope>; onChange: (next: Set<ApiKeyScope>) => void; error?: string | undefined };

type Row = ApiKeyArea | '*';

const ROWS: ReadonlyArray<readonly [Row, string]> = [['*', 'Todas as áreas'], ...API_KEY_AREAS.map((area) => [area, API_KEY_AREA_LABELS[area]] as const)];

const scopeOf = (area: Row, access: 'read' | 'write'): ApiKeyScope => `${area}:${access}`;

/**
 * The scopes as a table of checkboxes, "Ler" and "Alterar" per area: ticking "Alterar" includes reading (the server
 * treats a write scope as read too), so its "Ler" shows ticked and locked; "Todas as áreas" covers the rest likewise.
 */
export function ScopePicker({ value, onChange, error }: Props) {
  const toggle = (scope: ApiKeyScope, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(scope);
    else next.delete(scope);
    onChange(next);
  };
  const covered = (area: Row, access: 'read' | 'write') =>
    area !== '*' && (value.has(scopeOf('*', access)) || (access === 'read' && value.has('*:write')));
  return (
    <fieldset aria-describedby={error ? 'api-key-scopes-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Permissões</legend>
      <div className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {ROWS.map(([area, label]) => (
          <div key={area} className="flex items-center gap-3 px-3 py-1.5">
            <span className="min-w-0 flex-1 text-sm text-slate-800">{label}</span>
            {(['read', 'write'] as const).map((access) => {
              const scope = scopeOf(area, access);
              const implied = (access === 'read' && value.has(scopeOf(area, 'write'))) || covered(area, access);
              return (
                <label key={access} className="flex min-h-8 items-center gap-1.5 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`${access === 'read' ? 'Ler' : 'Alterar'}: ${label}`}
                    checked={value.has(scope) || implied}
                    disabled={implied}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  {access === 'read' ? 'Ler' : 'Alterar'}
                </label>
              );
            })}
          </div>
        ))}
      </div>
      {error && (
        <p id="api-key-scopes-error" role="alert" className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
