/**
 * What the contacts screen shows: the cached contacts filtered, sorted and paged on the device, or (with a funnel)
 * the server's page of that funnel's contacts, with the stats and the bot names the cards carry.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useCachedContacts, useContactBots } from '../api/contact-rows.ts';
import { CONTACT_TOASTS } from '../api/contact-texts.ts';
import { useFunnelContacts } from '../api/funnel-contacts.ts';
import { contactStats, DEFAULT_CONTACT_QUERY, matchContacts, pageOf, type ContactQuery } from '../utils/contact-query.ts';
import { isolateText } from '@shared/text/invisible.ts';

export function useContactList(botId: string | undefined, funnelId: string | undefined) {
  const contacts = useCachedContacts(botId);
  const bots = useContactBots();
  const loadFailed = useFirstLoadFailed();
  const [query, setQuery] = useState<ContactQuery>(DEFAULT_CONTACT_QUERY);
  // Typing stays responsive with thousands of cached contacts: the list follows the search a moment later.
  const search = useDeferredValue(query.search);
  const change = useCallback((changes: Partial<ContactQuery>) => setQuery((current) => ({ ...current, ...changes })), []);

  const matched = useMemo(() => (contacts ? matchContacts(contacts, { ...query, search }) : undefined), [contacts, query, search]);
  const local = matched ? pageOf(matched, query.page) : undefined;
  const funnel = useFunnelContacts(funnelId, { ...query, search });
  const stats = useMemo(() => (contacts ? contactStats(contacts, Date.now()) : undefined), [contacts]);
  const botNames = useMemo(() => new Map((bots ?? []).map((item) => [item.id, `${isolateText(item.name)} · @${item.username}`])), [bots]);

  useEffect(() => {
    if (contacts === undefined && loadFailed) toast.error(CONTACT_TOASTS.statsError, { id: CONTACT_TOASTS.statsError });
  }, [contacts, loadFailed]);
  useEffect(() => {
    if (funnel.isError) toast.error(funnel.error.message || CONTACT_TOASTS.loadError, { id: CONTACT_TOASTS.loadError });
  }, [funnel.isError, funnel.error]);

  return {
    contacts,
    bots,
    failed: contacts === undefined && loadFailed,
    query,
    change,
    shown: funnelId ? funnel.data : local,
    stats,
    botNames,
  };
}
