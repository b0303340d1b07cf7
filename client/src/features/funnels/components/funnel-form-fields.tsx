import type { UseQueryResult } from '@tanstack/react-query';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { FUNNEL_LIMITS, FUNNEL_TEXTS, FUNNEL_TOASTS } from '@shared/funnels/schemas.ts';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { canInvite, type FunnelField, type FunnelFormValues } from '../utils/funnel-form.ts';
import { ApprovalSwitch } from './approval-switch.tsx';
import { SelectField } from './select-field.tsx';

export const NO_BOT_HINT = 'Cadastre um bot em Meus Bots primeiro.';
export const NO_CHANNEL_HINT = 'Adicione o bot como administrador de um canal, com permissão para convidar usuários.';

type Props = {
  values: FunnelFormValues;
  errors: Partial<Record<FunnelField, string>>;
  /** The form-level sentence: a field whose error is it is marked, not repeated. */
  summary: string | undefined;
  options: { bots: UseQueryResult<Bot[]>; channels: UseQueryResult<Channel[]>; pixels: UseQueryResult<Pixel[]> };
  onChange: (changes: Partial<FunnelFormValues>) => void;
};

const placeholder = (query: UseQueryResult<unknown[]>, loading: string, failed: string, empty: string, choose: string) =>
  query.isError ? failed : query.data === undefined ? loading : query.data.length === 0 ? empty : choose;

/** The create modal's fields (docs/product.md#rules-funnels): the channel list follows the chosen bot. */
export function FunnelFormFields({ values, errors, summary, options, onChange }: Props) {
  const { bots, channels, pixels } = options;
  const shown = (field: FunnelField) => (errors[field] && errors[field] !== summary ? errors[field] : undefined);
  const marked = (field: FunnelField) => Boolean(errors[field]);
  const channel = channels.data?.find((row) => row.id === values.channelId);
  const channelHint = channel?.username ? FUNNEL_TEXTS.publicChannelWarning : channels.data?.length === 0 ? NO_CHANNEL_HINT : undefined;

  return (
    <div className="space-y-4">
      <SelectField
        label="Bot"
        required
        value={values.botId}
        helperText={bots.data?.length === 0 ? NO_BOT_HINT : undefined}
        error={shown('botId')} invalid={marked('botId')} disabled={!bots.data?.length} onChange={(botId) => onChange({ botId, channelId: '' })}>
        <option value="">{placeholder(bots, 'Carregando bots…', FUNNEL_TOASTS.loadBotsFailed, 'Nenhum bot cadastrado', 'Selecione um bot')}</option>
        {bots.data?.map((bot) => (
          <option key={bot.id} value={bot.id} disabled={!bot.isActive}>
            {bot.name} (@{bot.username}){bot.isActive ? '' : ' — inativo'}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Canal"
        required
        value={values.channelId}
        error={shown('channelId')}
        invalid={marked('channelId')}
        helperText={channelHint}
        disabled={!values.botId || !channels.data?.length}
        onChange={(channelId) => onChange({ channelId })}
      >
        <option value="">
          {values.botId ? placeholder(channels, 'Carregando canais…', FUNNEL_TOASTS.loadChannelsFailed, 'Nenhum canal para este bot', 'Selecione um canal') : 'Selecione um bot primeiro'}
        </option>
        {channels.data?.map((row) => (
          <option key={row.id} value={row.id} disabled={!canInvite(row)}>
            {row.channelName}
            {canInvite(row) ? '' : ' — sem permissão para convidar'}
          </option>
        ))}
      </SelectField>
      <Input label="Nome" required value={values.name} maxLength={FUNNEL_LIMITS.nameMax} error={shown('name')} aria-invalid={marked('name') || undefined} onChange={(event) => onChange({ name: event.target.value })} />
      <Textarea label="Descrição" rows={2} value={values.description} maxLength={FUNNEL_LIMITS.descriptionMax} error={shown('description')} onChange={(event) => onChange({ description: event.target.value })} />
      <Input
        label="URL da página de captura"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.landingUrl}
        maxLength={FUNNEL_LIMITS.landingUrlMax}
        error={shown('landingUrl')}
        onChange={(event) => onChange({ landingUrl: event.target.value })}
      />
      <ApprovalSwitch checked={values.requireApproval} onChange={(requireApproval) => onChange({ requireApproval })} />
      <SelectField
        label="Pixel do Meta"
        value={values.pixelIntegrationId}
        error={pixels.isError ? FUNNEL_TOASTS.loadPixelsFailed : shown('pixelIntegrationId')}
        helperText="Opcional: envia enter_channel e left_channel para a API de Conversões."
        disabled={!pixels.data?.length}
        onChange={(pixelIntegrationId) => onChange({ pixelIntegrationId })}
      >
        <option value="">{pixels.data === undefined && !pixels.isError ? 'Carregando pixels…' : 'Nenhum pixel'}</option>
        {pixels.data?.map((pixel) => (
          <option key={pixel.id} value={pixel.id}>
            {pixel.name} ({pixel.pixelId})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
