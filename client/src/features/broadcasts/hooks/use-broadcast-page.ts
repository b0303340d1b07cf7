import { useCallback, useEffect, useMemo } from 'react';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import type { BroadcastListSearch, ListFilters } from '../components/broadcasts-toolbar.tsx';
import { useBroadcastList, useBroadcastStats } from '../api/broadcast-requests.ts';
import { matchesFilters, overlayPending } from '../utils/local-drafts.ts';
import { useLocalBroadcasts } from './use-local-broadcasts.ts';


/**
 * The /broadcasts list: the server's page (filters and page in the address) with this device's queued drafts laid
 * over it (docs/decisions.md#broadcast-screens); local drafts only on the first page. A load failure is toasted once.
 */
export function useBroadcastPage(search: BroadcastListSearch, onSearch: (next: BroadcastListSearch) => void, online: boolean) {
  const page = search.page ?? 1;
  const filters = useMemo(() => ({ page, botId: search.botId, status: search.status, search: search.q }), [page, search.botId, search.status, search.q]);
  const list = useBroadcastList(filters, online);
  const stats = useBroadcastStats(online);
  const local = useLocalBroadcasts();

  useEffect(() => {
    if (list.isError && online) toast.error(list.error.message || BROADCAST_TOASTS.loadListFailed, { id: BROADCAST_TOASTS.loadListFailed });
  }, [list.isError, list.error, online]);

  const overlaid = useMemo(
    () => (local.entries ? overlayPending(list.data?.broadcasts ?? [], local.entries, local.botNames) : undefined),
    [list.data, local.entries, local.botNames],
  );
  const localDrafts = page === 1 ? (overlaid?.localDrafts ?? []).filter((row) => matchesFilters(row, filters)) : [];

  const change = useCallback(
    (changes: Partial<ListFilters>) => {
      const next = { botId: search.botId, status: search.status, q: search.q, ...('search' in changes ? { q: changes.search || undefined } : {}), ...changes };
      onSearch({ botId: next.botId, status: next.status, q: next.q, page: undefined });
    },
    [onSearch, search.botId, search.status, search.q],
  );

  return {
    rows: [...localDrafts, ...(overlaid?.rows ?? [])],
    stats: stats.data,
    bots: local.bots,
    failed: list.isError,
    loading: online ? list.data === undefined && !list.isError : local.entries === undefined,
    filtered: Boolean(search.q || search.botId || search.status),
    pagination: { page, totalPages: list.data?.pagination.totalPages ?? 1, onPage: (next: number) => onSearch({ ...search, page: next > 1 ? next : undefined }) },
    change,
  };
}
