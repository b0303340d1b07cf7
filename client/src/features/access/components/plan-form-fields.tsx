import type { UseQueryResult } from '@tanstack/react-query';
import type { AccessGateway, Plan } from '@shared/access/plans.ts';
import { ACCESS_LIMITS } from '@shared/access/texts.ts';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { balanceBidi } from '@shared/text/invisible.ts';
import { Input } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { FormErrors } from '../../../lib/use-form-state.ts';
import type { GatewayValues, PlanFormValues } from '../utils/plan-form.ts';
import { ChatChecklist } from './chat-checklist.tsx';
import { GatewayFields } from './gateway-fields.tsx';
import { StarsFields } from './stars-fields.tsx';

export type PlanFormView = { values: PlanFormValues; errors: FormErrors; shownError: (key: string) => string | undefined };

type Props = {
  plan: Plan | undefined;
  form: PlanFormView;
  options: { bots: UseQueryResult<Bot[]>; channels: UseQueryResult<Channel[]>; pixels?: UseQueryResult<Pixel[]> | undefined };
  onChange: (changes: Partial<PlanFormValues>) => void;
  onGateway: (gateway: AccessGateway, field: keyof GatewayValues, value: string) => void;
};

/** Nome, bot, its chats, duração or vitalício, carência, preço and the gateways (docs/product.md#acessos). */
export function PlanFormFields({ plan, form, options, onChange, onGateway }: Props) {
  const { values, shownError } = form;
  const bots = options.bots.data;
  return (
    <div className="space-y-4">
      <Input label="Nome do plano" required maxLength={ACCESS_LIMITS.nameMax} value={values.name} error={shownError('name')} onChange={(event) => onChange({ name: event.target.value })} data-autofocus />
      <SelectField
        label="Bot"
        required
        value={values.botId}
        error={shownError('botId')}
        helperText={plan ? 'O bot de um plano não muda: crie outro plano para outro bot.' : undefined}
        disabled={plan !== undefined || !bots?.length}
        onChange={(botId) => onChange({ botId, channelIds: [] })}
      >
        <option value="">{options.bots.isError ? 'Erro ao carregar bots' : !bots ? 'Carregando bots…' : bots.length === 0 ? 'Nenhum bot cadastrado' : 'Selecione um bot'}</option>
        {bots?.map((bot) => (
          <option key={bot.id} value={bot.id}>
            {balanceBidi(bot.name)} (@{bot.username})
          </option>
        ))}
      </SelectField>
      <ChatChecklist botId={values.botId} channels={options.channels} selected={values.channelIds} error={shownError('channelIds')} onChange={(channelIds) => onChange({ channelIds })} />
      <div className="grid grid-cols-2 gap-3">
        <Input
          label="Duração (dias)"
          inputMode="numeric"
          required={!values.lifetime}
          disabled={values.lifetime}
          value={values.lifetime ? '' : values.durationDays}
          error={shownError('durationDays')}
          onChange={(event) => onChange({ durationDays: event.target.value })}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end pb-1 text-sm font-medium text-slate-700">
          <input type="checkbox" className="size-5 accent-brand-600" checked={values.lifetime} onChange={(event) => onChange({ lifetime: event.target.checked })} />
          Vitalício
        </label>
        <Input label="Carência (dias)" inputMode="numeric" value={values.graceDays} error={shownError('graceDays')} helperText="Dias após o fim antes da remoção." onChange={(event) => onChange({ graceDays: event.target.value })} />
        <Input label="Preço (R$)" inputMode="decimal" placeholder="49,90" value={values.price} error={shownError('priceCents')} onChange={(event) => onChange({ price: event.target.value })} />
      </div>
      <SelectField
        label="Pixel da Meta"
        value={values.pixelId}
        error={shownError('pixelId')}
        helperText="Cada compra aprovada vira um evento Purchase com valor neste pixel (reembolsos e testes nunca)."
        onChange={(pixelId) => onChange({ pixelId })}
      >
        <option value="">{options.pixels?.isError ? 'Erro ao carregar pixels' : 'Nenhum pixel'}</option>
        {options.pixels?.data?.map((pixel) => (
          <option key={pixel.id} value={pixel.id}>
            {balanceBidi(pixel.name)} ({pixel.pixelId})
          </option>
        ))}
      </SelectField>
      <GatewayFields plan={plan} values={values.gateways} shownError={shownError} onChange={onGateway} />
      <StarsFields values={values.stars} shownError={shownError} onChange={(changes) => onChange({ stars: { ...values.stars, ...changes } })} />
    </div>
  );
}
