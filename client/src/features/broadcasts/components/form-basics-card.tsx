import type { Bot } from '@shared/bots/schemas.ts';
import { BROADCAST_LIMITS } from '@shared/broadcasts/texts.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';

/** Nome and Bot; another bot empties the selected contacts (they were the other bot's). */
export function FormBasicsCard({ form, bots }: { form: BroadcastForm; bots: Bot[] }) {
  const { values, errors } = form;
  return (
    <Card>
      <CardHeader title="Informações básicas" />
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" required value={values.name} maxLength={BROADCAST_LIMITS.nameMax} placeholder="Ex.: Promoção de sexta" error={errors.name} onChange={(event) => form.set('name', event.target.value)} />
        <Field label="Bot" required error={errors.botId ?? (bots.length === 0 ? 'Cadastre um bot primeiro' : undefined)}>
          {(control) => (
            <select {...control} className={`${controlClasses(Boolean(errors.botId))} h-11`} value={values.botId} onChange={(event) => form.patch({ botId: event.target.value, contactIds: [] })}>
              {bots.length === 0 && <option value="">Nenhum bot</option>}
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name} (@{bot.username})
                </option>
              ))}
            </select>
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
