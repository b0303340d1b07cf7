import { Link } from '@tanstack/react-router';
import { Megaphone, Plus, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import type { BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import { BROADCAST_TEXTS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useBroadcastList, useBroadcastStats } from '../api/broadcast-requests.ts';
import { useLocalBroadcasts } from '../hooks/use-local-broadcasts.ts';
import { useRowActions } from '../hooks/use-row-actions.ts';
import { matchesFilters, overlayPending } from '../utils/local-drafts.ts';
import { BroadcastList } from './broadcast-list.tsx';
import { BroadcastStatCards } from './broadcast-stat-cards.tsx';
import { BroadcastsToolbar, type ListFilters } from './broadcasts-toolbar.tsx';

export type BroadcastListSearch = { page?: number | undefined; botId?: string | undefined; status?: BroadcastStatus | undefined; q?: string | undefined };

type Props = { search: BroadcastListSearch; onSearch: (next: BroadcastListSearch) => void };

export const OFFLINE_LIST_HINT = 'Você está offline: a lista do servidor volta com a conexão. Rascunhos podem ser criados e editados; enviar, cancelar, parar e duplicar precisam de conexão.';

/**
 * /broadcasts (docs/product.md#screen-broadcasts): the server's page (filters and page in the address) with this
 * device's queued drafts laid over it (docs/decisions.md#broadcast-screens).
 */
export function BroadcastsPage({ search, onSearch }: Props) {
  const page = search.page ?? 1;
  const filters = useMemo(() => ({ page, botId: search.botId, status: search.status, search: search.q }), [page, search.botId, search.status, search.q]);
  const { online } = useSyncSnapshot();
  const list = useBroadcastList(filters, online);
  const stats = useBroadcastStats(online);
  const local = useLocalBroadcasts();
  const actions = useRowActions();

  useEffect(() => {
    if (list.isError && online) toast.error(list.error.message || BROADCAST_TOASTS.loadListFailed, { id: BROADCAST_TOASTS.loadListFailed });
  }, [list.isError, list.error, online]);

  const overlaid = useMemo(
    () => (local.entries ? overlayPending(list.data?.broadcasts ?? [], local.entries, local.botNames) : undefined),
    [list.data, local.entries, local.botNames],
  );
  const localDrafts = page === 1 ? (overlaid?.localDrafts ?? []).filter((row) => matchesFilters(row, filters)) : [];
  const rows = [...localDrafts, ...(overlaid?.rows ?? [])];
  const totalPages = list.data?.pagination.totalPages ?? 1;
  const loading = online ? list.data === undefined && !list.isError : local.entries === undefined;
  const filtered = Boolean(search.q || search.botId || search.status);

  const change = useCallback(
    (changes: Partial<ListFilters>) => {
      const next = { botId: search.botId, status: search.status, q: search.q, ...('search' in changes ? { q: changes.search || undefined } : {}), ...changes };
      onSearch({ botId: next.botId, status: next.status, q: next.q, page: undefined });
    },
    [onSearch, search.botId, search.status, search.q],
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900">Disparos em Massa</h2>
          <p className="mt-1 text-sm text-slate-500">Envie mensagens para os contatos dos seus bots, agora ou agendadas.</p>
        </div>
        <Link to="/broadcasts/new" className={buttonClasses()}>
          <Plus aria-hidden="true" className="size-4" />
          New Disparo
        </Link>
      </div>

      {!online && (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {OFFLINE_LIST_HINT}
        </p>
      )}

      <BroadcastStatCards stats={stats.data} />
      <BroadcastsToolbar filters={{ search: search.q ?? '', botId: search.botId, status: search.status }} bots={local.bots} onChange={change} />

      {list.isError && rows.length === 0 ? (
        <LoadError message={BROADCAST_TOASTS.loadListFailed} silent />
      ) : loading ? (
        <ul aria-busy="true" aria-label="Carregando disparos" className="space-y-3">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-20 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Megaphone aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{BROADCAST_TEXTS.empty}</h3>
          <p className="mt-2 max-w-md text-slate-600">{filtered ? 'Nenhum disparo corresponde aos filtros.' : BROADCAST_TEXTS.emptyHint}</p>
          {!filtered && (
            <Link to="/broadcasts/new" className={`${buttonClasses()} mt-6`}>
              <Plus aria-hidden="true" className="size-4" />
              Criar disparo
            </Link>
          )}
        </Card>
      ) : (
        <>
          <BroadcastList rows={rows} online={online} onAction={(action, row) => void actions.run(action, row)} />
          <Pagination page={page} totalPages={totalPages} onPage={(next) => onSearch({ ...search, page: next > 1 ? next : undefined })} />
        </>
      )}

      <ConfirmDialog {...actions.dialog} />
    </div>
  );
}
