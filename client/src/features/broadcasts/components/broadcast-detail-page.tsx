import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ExternalLink, Pencil, Square, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BROADCAST_MEDIA_LABELS, broadcastUploadedMediaId } from '@shared/broadcasts/schemas.ts';
import { canDo } from '@shared/broadcasts/status-machine.ts';
import { BROADCAST_TEXTS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useUploadedMediaSrc } from '../../../lib/media-blob.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useBroadcast, useBroadcastProgress, useRefreshBroadcasts } from '../api/broadcast-requests.ts';
import { useLocalBroadcasts } from '../hooks/use-local-broadcasts.ts';
import { useRowActions } from '../hooks/use-row-actions.ts';
import { overlayOne, type BroadcastRow } from '../utils/local-drafts.ts';
import { progressView } from '../utils/progress.ts';
import { OFFLINE_ACTION_HINT } from './row-action-buttons.tsx';
import { RecipientList } from './recipient-list.tsx';
import { BroadcastStatusBadge, PendingSyncBadge } from './status-badge.tsx';
import { TelegramPreview } from './telegram-preview.tsx';

/**
 * /broadcasts/{id} (docs/product.md#screen-broadcast-detail): while SENDING the progress and the broadcast are read
 * every 2 s, and the polling stops by itself when the status changes.
 */
export function BroadcastDetailPage({ broadcastId }: { broadcastId: string }) {
  const navigate = useNavigate();
  const { online } = useSyncSnapshot();
  const local = useLocalBroadcasts();
  const [sending, setSending] = useState(false);
  const server = useBroadcast(broadcastId, { enabled: online, polling: sending });
  if ((server.data?.status === 'SENDING') !== sending) setSending(server.data?.status === 'SENDING');
  const progress = useBroadcastProgress(broadcastId, online && sending);
  const refresh = useRefreshBroadcasts();
  const actions = useRowActions({ afterDelete: () => void navigate({ to: '/broadcasts' }) });
  const broadcast = local.entries ? overlayOne(broadcastId, server.data, local.entries, local.botNames) : undefined;
  const settled = !online || server.isSuccess || server.isError;
  const missing = local.entries !== undefined && settled && !broadcast;

  // The send ended (seen by the progress poll or the broadcast's own): read everything again — status, times,
  // error and the recipients' final outcomes, whose polling stops with the send.
  const progressStatus = progress.data?.status;
  const [seenStatus, setSeenStatus] = useState<string | undefined>(undefined);
  const status = progressStatus === undefined || progressStatus === 'SENDING' ? server.data?.status : progressStatus;
  useEffect(() => {
    if (status === seenStatus) return;
    if (seenStatus === 'SENDING') void refresh();
    setSeenStatus(status);
  }, [status, seenStatus, refresh]);
  useEffect(() => {
    if (!missing || !online) return;
    toast.error(server.error?.message || BROADCAST_TOASTS.loadFailed, { id: BROADCAST_TOASTS.loadFailed });
    void navigate({ to: '/broadcasts' });
  }, [missing, online, server.error, navigate]);

  const back = (
    <Link to="/broadcasts" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Voltar
    </Link>
  );
  if (missing) return <div className="space-y-6">{back}<Card className="px-6 py-10 text-center text-slate-600">Você está offline e este disparo não está neste aparelho.</Card></div>;
  if (!broadcast) return <div className="space-y-6">{back}<div aria-busy="true" aria-label="Carregando disparo" className="h-96 animate-pulse rounded-2xl bg-white" /></div>;

  const view = progressView(broadcast, broadcast.status === 'SENDING' ? progress.data : null);
  const live = broadcast.status === 'SENDING';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-xl font-semibold text-slate-900">{broadcast.name}</h2>
            <BroadcastStatusBadge status={broadcast.status} />
            {broadcast.pendingSync && <PendingSyncBadge />}
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {broadcast.bot.name}
            {broadcast.bot.username && ` · @${broadcast.bot.username}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {back}
          {canDo('edit', broadcast.status) && (
            <Link to="/broadcasts/$broadcastId/edit" params={{ broadcastId }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar
            </Link>
          )}
          {canDo('stop', broadcast.status) && (
            <Button variant="outline" size="sm" disabled={!online} title={online ? undefined : OFFLINE_ACTION_HINT} className="text-red-600" icon={<Square aria-hidden="true" className="size-4" />} onClick={() => void actions.run('stop', broadcast)}>
              Parar
            </Button>
          )}
          {canDo('delete', broadcast.status) && (
            <Button variant="outline" size="sm" className="text-red-600" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => void actions.run('delete', broadcast)}>
              Excluir
            </Button>
          )}
        </div>
      </div>

      <Card>
        <CardContent className="space-y-4">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium text-slate-700">Progresso</span>
            <span data-testid="broadcast-percentage" className="font-semibold text-slate-900 tabular-nums">
              {view.percentage}%
            </span>
          </div>
          <div role="progressbar" aria-label="Progresso do envio" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.percentage} className="h-3 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${view.percentage}%` }} />
          </div>
          {live && <p className="text-xs text-slate-500" aria-live="polite">{BROADCAST_TEXTS.autoRefresh}</p>}
          <ul aria-label="Contagens do envio" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Total', view.total],
              ['Enviados', view.sent],
              ['Falhas', view.failed],
              ['Atual', view.current],
            ].map(([label, value]) => (
              <li key={label} className="rounded-xl bg-slate-50 p-3">
                <span className="block text-xs font-medium text-slate-500">{label}</span>
                <span className="block text-xl font-bold text-slate-900 tabular-nums">{formatNumber(Number(value))}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Conteúdo" />
          <CardContent className="space-y-3">
            {broadcast.mediaType && broadcast.mediaUrl && (
              <p className="flex items-center gap-2 text-sm text-slate-700">
                Mídia: {BROADCAST_MEDIA_LABELS[broadcast.mediaType]}
                <MediaLink url={broadcast.mediaUrl} />
              </p>
            )}
            <TelegramPreview
              mediaType={broadcast.mediaType}
              mediaUrl={broadcast.mediaUrl ?? ''}
              text={broadcast.mediaType ? (broadcast.caption ?? '') : broadcast.message}
              rows={broadcast.buttons}
            />
          </CardContent>
        </Card>
        <Info broadcast={broadcast} />
      </div>

      {broadcast.localOnly ? (
        <Card className="px-6 py-6 text-sm text-slate-600">Este rascunho foi salvo neste aparelho e será enviado ao servidor quando a conexão voltar.</Card>
      ) : (
        online && <RecipientList broadcastId={broadcastId} sending={live} />
      )}
      <ConfirmDialog {...actions.dialog} />
    </div>
  );
}

function MediaLink({ url }: { url: string }) {
  const uploaded = broadcastUploadedMediaId(url) !== undefined;
  const media = useUploadedMediaSrc(uploaded ? url : '');
  const href = uploaded ? media.src : url;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
      Ver mídia
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

function Info({ broadcast }: { broadcast: BroadcastRow }) {
  const when = (value: string | null) => (value ? formatDateTime(value) : '—');
  const items: [string, string][] = [
    ['Público', broadcast.targetType === 'ALL' ? BROADCAST_TEXTS.allContacts : BROADCAST_TEXTS.selectedContacts(broadcast.contactIds.length)],
    ['Criado em', when(broadcast.createdAt)],
    ['Agendado para', when(broadcast.scheduledFor)],
    ['Iniciado em', when(broadcast.startedAt)],
    ['Concluído em', when(broadcast.completedAt)],
  ];
  return (
    <Card>
      <CardHeader title="Informações" />
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {items.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        {broadcast.error && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {broadcast.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
