import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useBot, useBotChannels } from '../api/bot-rows.ts';
import { BOT_TOASTS } from '../api/bot-texts.ts';
import { BotQuickActions } from './bot-quick-actions.tsx';
import { BotSummary } from './bot-summary.tsx';
import { BroadcastRateCard } from './broadcast-rate-card.tsx';
import { ChannelList } from './channel-list.tsx';

/**
 * /bots/{id} (docs/product.md#screen-bot-details), from the local cache. A bot the cache does not have (removed, or another user's) toasts
 * the fixed text and goes back to the list (docs/product.md#toasts-account).
 */
export function BotDetailsPage({ botId }: { botId: string }) {
  const navigate = useNavigate();
  const bot = useBot(botId);
  const channels = useBotChannels(botId);
  const loadFailed = useFirstLoadFailed();

  // docs/product.md#toasts-account: a bot that is not there, or could not be loaded, goes back to the list with the error.
  useEffect(() => {
    if (bot !== null && !(bot === undefined && loadFailed)) return;
    toast.error(BOT_TOASTS.loadDetailsError, { id: BOT_TOASTS.loadDetailsError });
    void navigate({ to: '/bots', replace: true });
  }, [bot, loadFailed, navigate]);

  if (!bot) return <DetailsSkeleton />;

  return (
    <div className="space-y-6">
      <BotSummary bot={bot} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ChannelList bot={bot} channels={channels} loading={channels === undefined} />
        </div>
        <div className="lg:col-span-2">
          <div className="space-y-6">
            <BotQuickActions botId={botId} channels={channels ?? []} />
            <BroadcastRateCard key={`${bot.id}:${bot.broadcastRate}`} bot={bot} />
          </div>
        </div>
      </div>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Carregando bot" className="space-y-6">
      <div className="h-32 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      <div className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
    </div>
  );
}
