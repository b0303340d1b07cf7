import { Link } from '@tanstack/react-router';
import { ArrowLeft, Megaphone, Users } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useChannel, useWelcome, type ChannelWithBot } from '../api/channel-rows.ts';
import { WelcomeForm } from './welcome-form.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { JoinGateSection } from './join-gate-section.tsx';

/**
 * /channels/{id}: the welcome message of one channel record (docs/product.md#screen-channel), from the local cache,
 * and for owners and admins its join gate (docs/product.md#acessos), read from the server.
 */
export function ChannelConfigPage({ channelId }: { channelId: string }) {
  const channel = useChannel(channelId);
  const welcome = useWelcome(channelId);
  const loadFailed = useFirstLoadFailed();
  const canAccess = useCan('access');

  if (channel === null) return <ChannelNotFound />;

  return (
    <div className="space-y-6">
      <ChannelHeader data={channel} />
      {channel && welcome ? (
        <WelcomeForm channelId={channelId} botId={channel.channel.botId} initial={welcome} botActive={channel.bot?.isActive ?? true} />
      ) : loadFailed ? (
        // docs/product.md#toasts-account: loading a welcome message fails silently (no toast).
        <LoadError message="Não foi possível carregar este canal" silent />
      ) : (
        <div aria-busy="true" aria-label="Carregando configuração" className="h-96 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      )}
      {channel && canAccess && <JoinGateSection channelId={channelId} />}
    </div>
  );
}

function ChannelHeader({ data }: { data: ChannelWithBot | undefined }) {
  const supergroup = data?.channel.channelType === 'supergroup';
  const Icon = supergroup ? Users : Megaphone;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {data ? (
        <Link to="/bots/$botId" params={{ botId: data.channel.botId }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Voltar
        </Link>
      ) : (
        <Link to="/bots" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Voltar
        </Link>
      )}
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-50 text-sky-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="truncate text-xl font-semibold text-slate-900">{data ? <UserText>{data.channel.channelName}</UserText> : 'Configuração do canal'}</h2>
        {data && (
          <p className="text-sm text-slate-500">
            {supergroup ? 'Supergrupo' : 'Canal'} · ID: <span className="font-mono">{data.channel.channelId}</span>
            {data.bot && <> · Bot @{data.bot.username}</>}
          </p>
        )}
      </div>
    </div>
  );
}

function ChannelNotFound() {
  return (
    <Card className="px-6 py-14 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Canal não encontrado</h2>
      <p className="mt-2 text-slate-600">Este canal não existe mais ou o bot deixou de ser administrador dele.</p>
      <Link to="/bots" className={buttonClasses({ className: 'mt-6' })}>
        Ir para Meus Bots
      </Link>
    </Card>
  );
}
