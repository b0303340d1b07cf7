import type { Bot } from '@shared/bots/schemas.ts';
import { BROADCAST_LIMITS } from '@shared/broadcasts/texts.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { BotSelect } from '../../../components/ui/bot-select.tsx';
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
        <BotSelect
          bots={bots}
          value={values.botId}
          onChange={(botId) => form.patch({ botId, contactIds: [] })}
          error={errors.botId ?? (bots.length === 0 ? 'Cadastre um bot primeiro' : undefined)}
          placeholder={bots.length === 0 && <option value="">Nenhum bot</option>}
        />
      </CardContent>
    </Card>
  );
}
