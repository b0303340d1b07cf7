import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { VariableTextarea } from '../../../components/variable-textarea.tsx';
import { useInsertAtCaret } from '../hooks/use-insert-at-caret.ts';
import { VariableChips } from './variable-chips.tsx';

type MessageEditorProps = { value: string; error?: string; onChange: (value: string) => void };

/** The message text area with variable chips that insert where the caret is (docs/product.md#screen-channel, #limits). */
export function MessageEditor({ value, error, onChange }: MessageEditorProps) {
  const { textarea, insert, touch } = useInsertAtCaret(value, onChange);
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
            onFocus={touch}
            onChange={onChange}
          />
        )}
      </Field>
      <VariableChips onInsert={insert} />
    </div>
  );
}
