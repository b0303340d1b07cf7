import type { UseQueryResult } from '@tanstack/react-query';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { FUNNEL_TEXTS, FUNNEL_TOASTS } from '@shared/funnels/schemas.ts';
import { canInvite, type FunnelFormValues } from '../utils/funnel-form.ts';
import type { FunnelFormView } from './funnel-form-fields.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { balanceBidi } from '@shared/text/invisible.ts';

export const NO_BOT_HINT = 'Cadastre um bot em Meus Bots primeiro.';
export const NO_CHANNEL_HINT = 'Adicione o bot como administrador de um canal, com permissão para convidar usuários.';

type Props = {
  form: FunnelFormView;
  bots: UseQueryResult<Bot[]>;
  channels: UseQueryResult<Channel[]>;
  onChange: (changes: Partial<FunnelFormValues>) => void;
};

const placeholder = (query: UseQueryResult<unknown[]>, loading: string, failed: string, empty: string, choose: string) =>
  query.isError ? failed : query.data === undefined ? loading : query.data.length === 0 ? empty : choose;

/** The bot, then one of its channels where it may invite users: the channel list follows the chosen bot. */
export function BotChannelFields({ form, bots, channels, onChange }: Props) {
  const { values, errors, shownError } = form;
  const channel = channels.data?.find((row) => row.id === values.channelId);
  const channelHint = channel?.username ? FUNNEL_TEXTS.publicChannelWarning : channels.data?.length === 0 ? NO_CHANNEL_HINT : undefined;
  return (
    <>
      <SelectField
        label="Bot"
        required
        value={values.botId}
        helperText={bots.data?.length === 0 ? NO_BOT_HINT : undefined}
        error={shownError('botId')}
        invalid={Boolean(errors.botId)}
        disabled={!bots.data?.length}
        onChange={(botId) => onChange({ botId, channelId: '' })}
      >
        <option value="">{placeholder(bots, 'Carregando bots…', FUNNEL_TOASTS.loadBotsFailed, 'Nenhum bot cadastrado', 'Selecione um bot')}</option>
        {bots.data?.map((bot) => (
          <option key={bot.id} value={bot.id} disabled={!bot.isActive}>
            {balanceBidi(bot.name)} (@{bot.username}){bot.isActive ? '' : ' — inativo'}
          </option>
        ))}
      </SelectField>
      <SelectField label="Canal" required value={values.channelId} error={shownError('channelId')} invalid={Boolean(errors.channelId)} helperText={channelHint} disabled={!values.botId || !channels.data?.length} onChange={(channelId) => onChange({ channelId })}>
        <option value="">
          {values.botId ? placeholder(channels, 'Carregando canais…', FUNNEL_TOASTS.loadChannelsFailed, 'Nenhum canal para este bot', 'Selecione um canal') : 'Selecione um bot primeiro'}
        </option>
        {channels.data?.map((row) => (
          <option key={row.id} value={row.id} disabled={!canInvite(row)}>
            {balanceBidi(row.channelName)}
            {canInvite(row) ? '' : ' — sem permissão para convidar'}
          </option>
        ))}
      </SelectField>
    </>
  );
}
