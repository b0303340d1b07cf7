import { Trash2 } from 'lucide-react';
import { buttonTypeFor, MAX_BUTTON_TEXT } from '@shared/welcome/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { WelcomeForm } from '../hooks/use-welcome-form.ts';
import { buttonTypeLabel, type EditableButton } from '../utils/button-list.ts';
import { ButtonAnswer } from './button-answer.tsx';

type Props = { form: WelcomeForm; button: EditableButton; index: number; botId: string | undefined };

/** One welcome button: its text and value, the type the value gives, its removal, and the flow that answers it. */
export function WelcomeButtonFields({ form, button, index, botId }: Props) {
  return (
    <li>
      <fieldset className="rounded-xl border border-slate-200 p-3 sm:p-4">
        {/* A legend must be the fieldset's first child to name it; the visible title sits in the row below. */}
        <legend className="sr-only">Botão {index + 1}</legend>
        <div className="mb-2 flex items-center justify-between gap-2">
          <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
            Botão {index + 1}
          </span>
          <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Tipo: {buttonTypeLabel(button.value)}</span>
          <Button variant="ghost" size="sm" aria-label={`Remover botão ${index + 1}`} className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => form.removeButton(button.key)}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            label="Texto"
            value={button.text}
            maxLength={MAX_BUTTON_TEXT}
            placeholder="Ex.: Acessar site"
            error={form.errors[`buttons.${button.key}.text`]}
            onChange={(event) => form.updateButton(button.key, { text: event.target.value })}
          />
          <Input
            label="Valor"
            value={button.value}
            placeholder="https://… ou código da ação (ex.: saber_mais)"
            error={form.errors[`buttons.${button.key}.value`]}
            onChange={(event) => form.updateButton(button.key, { value: event.target.value })}
          />
        </div>
        {botId && buttonTypeFor(button.value) === 'callback' && button.value.trim() !== '' && <ButtonAnswer botId={botId} button={button} />}
      </fieldset>
    </li>
  );
}
