import { X } from 'lucide-react';
import { BUTTON_TYPE_LABELS, BUTTON_VALUE_PLACEHOLDER } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_LIMITS } from '@shared/broadcasts/texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import type { ButtonType, EditableButton } from '../utils/broadcast-form.ts';

type Props = { form: BroadcastForm; rowKey: string; button: EditableButton; /** 'botão 2 da linha 1', for the controls' names. */ name: string };

/** One inline button: its text, its type (Link or Ação no bot) and its value, and its removal. */
export function ButtonFields({ form, rowKey, button, name }: Props) {
  const base = `buttons.${rowKey}.${button.key}`;
  const update = (change: Partial<Omit<EditableButton, 'key'>>) => form.updateButton(rowKey, button.key, change);
  return (
    <li className="grid gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-start">
      <Input
        label="Texto"
        aria-label={`Texto do ${name}`}
        value={button.text}
        maxLength={BROADCAST_LIMITS.buttonTextMax}
        placeholder="Ex.: Ver oferta"
        error={form.errors[`${base}.text`]}
        onChange={(event) => update({ text: event.target.value })}
      />
      <label className="block">
        <span className="mb-1.5 block text-sm font-medium text-slate-700">Tipo</span>
        <select aria-label={`Tipo do ${name}`} className={`${controlClasses(false)} h-10`} value={button.type} onChange={(event) => update({ type: event.target.value as ButtonType })}>
          <option value="url">{BUTTON_TYPE_LABELS.url}</option>
          <option value="callback">{BUTTON_TYPE_LABELS.callback}</option>
        </select>
      </label>
      <Input
        label="Valor"
        aria-label={`Valor do ${name}`}
        value={button.value}
        placeholder={BUTTON_VALUE_PLACEHOLDER[button.type]}
        error={form.errors[`${base}.value`]}
        onChange={(event) => update({ value: event.target.value })}
      />
      <Button variant="ghost" size="sm" aria-label={`Remover ${name}`} className="self-end text-slate-500 sm:mb-1" onClick={() => form.removeButton(rowKey, button.key)}>
        <X aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}
