import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBotChannels } from '../api/get-bot-channels.ts';
import { useBot } from '../api/get-bot.ts';
import { BotQuickActions } from './bot-quick-actions.tsx';
import { BotSummary } from './bot-summary.tsx';
import { ChannelList } from './channel-list.tsx';

/** /bots/{id} (part 1 §2). A bot that cannot be loaded (a 404 too) toasts and goes back to the list (part 1 §8). */
export function BotDetailsPage({ botId }: { botId: string }) {
  const navigate = useNavigate();
  const bot = useBot(botId);
  const channels = useBotChannels(botId);

  useEffect(() => {
    if (bot.isError) void navigate({ to: '/bots', replace: true });
  }, [bot.isError, navigate]);

  if (!bot.data) return <DetailsSkeleton />;

  return (
    <div className="space-y-6">
      <BotSummary bot={bot.data} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ChannelList bot={bot.data} channels={channels.data} loading={channels.isPending} />
        </div>
        <div className="lg:col-span-2">
          <BotQuickActions botId={botId} channels={channels.data ?? []} />
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
