import { useLayoutEffect, useRef } from 'react';
import { WELCOME_VARIABLES } from '@shared/welcome/schemas.ts';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { VariableTextarea } from '../../../components/variable-textarea.tsx';
import { insertAtCursor } from '../utils/insert-at-cursor.ts';

const VARIABLE_HINTS: Record<(typeof WELCOME_VARIABLES)[number], string> = {
  '{username}': '@usuário do membro (ou o primeiro nome, se ele não tiver)',
  '{firstName}': 'Primeiro nome do membro',
  '{lastName}': 'Sobrenome do membro',
  '{channel}': 'Nome do grupo ou canal',
};

type MessageEditorProps = { value: string; error?: string; onChange: (value: string) => void };

/** The message text area with variable chips that insert where the caret is (docs/product.md#screen-channel, #limits). */
export function MessageEditor({ value, error, onChange }: MessageEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Until the user has put the caret somewhere, a variable goes at the end rather than at position 0.
  const touched = useRef(false);
  const caretAfterUpdate = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = textarea.current;
    const caret = caretAfterUpdate.current;
    if (!element || caret === null) return;
    caretAfterUpdate.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [value]);

  function insert(variable: string) {
    const element = textarea.current;
    const edit = touched.current && element ? insertAtCursor(value, element.selectionStart, element.selectionEnd, variable) : insertAtCursor(value, null, null, variable);
    touched.current = true;
    caretAfterUpdate.current = edit.cursor;
    onChange(edit.value);
  }

  return (
    <div>
      {/* Variables highlighted, offered after `{`, unknown ones flagged with a suggestion (docs/decisions.md#d-flow-variables). */}
      <Field
        label="Mensagem"
        required
        error={error}
        helperText={'Aceita a formatação HTML do Telegram: <b>negrito</b>, <i>itálico</i>, <u>sublinhado</u>, <a href="…">link</a>.'}
      >
        {(control) => (
          <VariableTextarea
            {...control}
            ref={textarea}
            syntax="welcome"
            controlClassName={`${controlClasses(Boolean(error))} py-2.5`}
            required
            rows={8}
            style={{ minHeight: 200 }}
            value={value}
            placeholder="Olá {firstName}, seja bem-vindo(a) ao {channel}!"
            onFocus={() => (touched.current = true)}
            onChange={onChange}
          />
        )}
      </Field>
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
            onClick={() => insert(variable)}
            className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 font-mono text-xs font-medium text-brand-700 transition-colors hover:bg-brand-100"
          >
            {variable}
          </button>
        ))}
      </div>
    </div>
  );
}
