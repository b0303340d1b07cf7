/**
 * `/contacts?funnelId=`: which contacts entered through a funnel is known to the server only (funnel entries are not
 * synced), so this one list is read from GET /contacts/all with TanStack Query, online; the chip names the funnel.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contactsResponseSchema } from '@shared/contacts/schemas.ts';
import { funnelResponseSchema } from '@shared/funnels/schemas.ts';
import { api } from '../../../lib/api.ts';
import type { ContactQuery } from '../utils/contact-query.ts';
import { CONTACT_TOASTS } from './contact-texts.ts';

export function useFunnelContacts(funnelId: string | undefined, query: ContactQuery) {
  return useQuery({
    queryKey: ['contacts', 'funnel', funnelId, query],
    enabled: funnelId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const params = new URLSearchParams({ funnelId: funnelId ?? '', page: String(query.page), sortBy: query.sortBy, sortOrder: query.sortOrder });
      if (query.search.trim()) params.set('search', query.search.trim());
      if (query.filter !== 'all') params.set('isBot', String(query.filter === 'bots'));
      if (query.botId) params.set('botId', query.botId);
      if (query.label) params.set('label', query.label);
      const body = await api.get(`/contacts/all?${params}`, { schema: contactsResponseSchema, fallbackMessage: CONTACT_TOASTS.loadError });
      const { total, page, totalPages, totalCapped } = body.pagination;
      return { rows: body.data.contacts, total, page, totalPages, totalCapped: totalCapped === true };
    },
  });
}

/** The funnel's name for the filter chip (a funnel the user does not have is a 404: the list says so already). */
export function useFunnelName(funnelId: string | undefined) {
  return useQuery({
    queryKey: ['contacts', 'funnel-name', funnelId],
    enabled: funnelId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () =>
      (await api.get(`/funnels/${encodeURIComponent(funnelId ?? '')}`, { schema: funnelResponseSchema, fallbackMessage: CONTACT_TOASTS.loadError })).data.funnel.name,
  });
}
