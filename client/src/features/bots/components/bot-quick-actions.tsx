import { Link } from '@tanstack/react-router';
import { MessageSquareText, Workflow, type LucideIcon } from 'lucide-react';
import type { Channel } from '@shared/bots/schemas.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';

const tile = 'flex w-full items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left transition-colors';

/**
 * docs/decisions.md#d-bots-channels: "Mensagens de boas-vindas" opens the first channel's configuration, "Fluxos de mensagens" the flow
 * list filtered by this bot. Without channels there is nothing to configure, so both stay disabled.
 */
export function BotQuickActions({ botId, channels }: { botId: string; channels: Channel[] }) {
  const first = channels[0];
  return (
    <Card>
      <CardHeader title="Ações rápidas" description={first ? undefined : 'Disponíveis quando o bot tiver um canal ou grupo'} />
      <div className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-1">
        {first ? (
          <Link to="/channels/$channelId" params={{ channelId: first.id }} className={`${tile} hover:bg-slate-50`}>
            <TileBody icon={MessageSquareText} label="Mensagens de boas-vindas" />
          </Link>
        ) : (
          <DisabledTile icon={MessageSquareText} label="Mensagens de boas-vindas" />
        )}
        {first ? (
          <Link to="/flows" search={{ botId }} className={`${tile} hover:bg-slate-50`}>
            <TileBody icon={Workflow} label="Fluxos de mensagens" />
          </Link>
        ) : (
          <DisabledTile icon={Workflow} label="Fluxos de mensagens" />
        )}
      </div>
    </Card>
  );
}

function TileBody({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="font-medium text-slate-900">{label}</span>
    </>
  );
}

function DisabledTile({ icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <button type="button" disabled className={`${tile} cursor-not-allowed opacity-50`}>
      <TileBody icon={icon} label={label} />
    </button>
  );
}
