import type { ReactNode } from 'react';
import { controlClasses, Field } from './field.tsx';
import { balanceBidi } from '@shared/text/invisible.ts';

type BotOption = { id: string; name: string; username: string };

export type BotSelectProps = {
  bots: readonly BotOption[];
  value: string;
  onChange: (botId: string) => void;
  error?: string | undefined;
  /** The first option(s) before the bots, e.g. <option value="">Selecione um bot</option>. */
  placeholder?: ReactNode;
};

/** The required Bot field of a form: each bot as 'Name (@username)', so two bots with one name stay apart. */
export function BotSelect({ bots, value, onChange, error, placeholder }: BotSelectProps) {
  return (
    <Field label="Bot" required error={error}>
      {(control) => (
        <select {...control} className={`${controlClasses(Boolean(error))} h-11`} value={value} onChange={(event) => onChange(event.target.value)}>
          {placeholder}
          {bots.map((bot) => (
            <option key={bot.id} value={bot.id}>
              {balanceBidi(bot.name)} (@{bot.username})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
