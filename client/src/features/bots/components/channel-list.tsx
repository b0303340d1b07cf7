import { Link } from '@tanstack/react-router';
import { ChevronRight, Megaphone, RefreshCw, Users } from 'lucide-react';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { useSyncBotChannels } from '../api/sync-bot-channels.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/** docs/product.md#screen-bot-details: supergroup is shown as Supergrupo, every other type as Canal. */
export const channelTypeLabel = (type: Channel['channelType']) => (type === 'supergroup' ? 'Supergrupo' : 'Canal');

type ChannelListProps = { bot: Bot; channels: Channel[] | undefined; loading: boolean };

/** Where the bot is administrator; each entry opens its welcome configuration. */
export function ChannelList({ bot, channels, loading }: ChannelListProps) {
  const sync = useSyncBotChannels();
  return (
    <Card>
      <CardHeader
        title="Canais e grupos"
        description="Onde o bot é administrador"
        actions={
          <Button
            variant="outline"
            size="sm"
            loading={sync.isPending}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => sync.mutate(bot.id)}
          >
            Sincronizar
          </Button>
        }
      />
      {loading ? (
        <div aria-busy="true" className="space-y-2 p-4">
          <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
        </div>
      ) : channels && channels.length > 0 ? (
        <ul aria-label="Canais do bot" className="divide-y divide-slate-100">
          {channels.map((channel) => (
            <li key={channel.id}>
              <ChannelRow channel={channel} />
            </li>
          ))}
        </ul>
      ) : (
        <NoChannels username={bot.username} />
      )}
    </Card>
  );
}

function ChannelRow({ channel }: { channel: Channel }) {
  const supergroup = channel.channelType === 'supergroup';
  const Icon = supergroup ? Users : Megaphone;
  return (
    <Link
      to="/channels/$channelId"
      params={{ channelId: channel.id }}
      className="group flex items-center gap-3 px-5 py-3.5 transition-colors hover:bg-slate-50 sm:px-6"
    >
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${supergroup ? 'bg-violet-50 text-violet-600' : 'bg-sky-50 text-sky-600'}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900"><UserText>{channel.channelName}</UserText></span>
        <span className="block text-sm text-slate-500">
          {channelTypeLabel(channel.channelType)} · ID: <span className="font-mono">{channel.channelId}</span>
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-300 group-hover:text-slate-500" />
    </Link>
  );
}

function NoChannels({ username }: { username: string }) {
  return (
    <div className="px-5 py-8 text-center sm:px-6">
      <p className="font-medium text-slate-900">Nenhum canal ou grupo ainda</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-500">
        No Telegram, adicione @{username} como administrador do seu grupo ou canal. Ele aparece aqui automaticamente; se não
        aparecer, clique em Sincronizar.
      </p>
    </div>
  );
}
