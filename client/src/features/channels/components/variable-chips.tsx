import { WELCOME_VARIABLES } from '@shared/welcome/schemas.ts';

const VARIABLE_HINTS: Record<(typeof WELCOME_VARIABLES)[number], string> = {
  '{username}': '@usuário do membro (ou o primeiro nome, se ele não tiver)',
  '{firstName}': 'Primeiro nome do membro',
  '{lastName}': 'Sobrenome do membro',
  '{channel}': 'Nome do grupo ou canal',
};

/** One chip per welcome variable; a click inserts it. */
export function VariableChips({ onInsert }: { onInsert: (variable: string) => void }) {
  return (
    <div role="group" aria-label="Inserir variável" className="mt-3 flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="text-sm text-slate-500">
        Inserir variável:
      </span>
      {WELCOME_VARIABLES.map((variable) => (
        <button
          key={variable}
          type="button"
          title={VARIABLE_HINTS[variable]}
          // Keep the caret (and the focus) in the text area while clicking.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onInsert(variable)}
          className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 font-mono text-xs font-medium text-brand-700 transition-colors hover:bg-brand-100"
        >
          {variable}
        </button>
      ))}
    </div>
  );
}
