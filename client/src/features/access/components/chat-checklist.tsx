import type { UseQueryResult } from '@tanstack/react-query';
import type { Channel } from '@shared/bots/schemas.ts';
import { balanceBidi } from '@shared/text/invisible.ts';
import { cn } from '../../../lib/cn.ts';

type Props = {
  botId: string;
  channels: UseQueryResult<Channel[]>;
  selected: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
};

/** The bot may invite and ban there (rights not recorded yet are left to the server to judge). */
export const chatReady = (channel: Pick<Channel, 'botRights'>) => !channel.botRights || (channel.botRights.canInviteUsers && channel.botRights.canRestrictMembers);

function placeholder(botId: string, channels: UseQueryResult<Channel[]>) {
  if (!botId) return 'Escolha o bot primeiro.';
  if (channels.isError) return 'Não foi possível carregar os canais e grupos do bot.';
  if (!channels.data) return 'Carregando canais e grupos…';
  return channels.data.length === 0 ? 'Este bot não é administrador de nenhum canal ou grupo.' : undefined;
}

/** The chosen bot's chats as checkboxes; one where the bot cannot invite and ban says so beside its name. */
export function ChatChecklist({ botId, channels, selected, error, onChange }: Props) {
  const empty = placeholder(botId, channels);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((value) => value !== id));
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? 'plan-chats-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        Canais e grupos
        <span aria-hidden="true" className="ml-0.5 text-red-500">
          *
        </span>
      </legend>
      {empty ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className={cn('divide-y divide-slate-100 rounded-lg border', error ? 'border-red-400' : 'border-slate-300')}>
          {channels.data?.map((channel) => (
            <li key={channel.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800">
                <input type="checkbox" className="size-5 shrink-0 accent-brand-600" checked={selected.includes(channel.id)} onChange={(event) => toggle(channel.id, event.target.checked)} />
                <span className="min-w-0 break-words">
                  {balanceBidi(channel.channelName)}
                  {!chatReady(channel) && <span className="block text-xs text-amber-800">O bot não pode convidar e banir aqui: dê essas permissões a ele no Telegram.</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="plan-chats-error" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
