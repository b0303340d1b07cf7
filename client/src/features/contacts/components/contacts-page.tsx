import { Link } from '@tanstack/react-router';
import { ArrowLeft, Users } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useCachedContacts, useContactBots } from '../api/contact-rows.ts';
import { CONTACT_TOASTS, REMOVE_CONTACT_QUESTION } from '../api/contact-texts.ts';
import { useRemoveContact } from '../api/contact-writes.ts';
import { useFunnelContacts } from '../api/funnel-contacts.ts';
import { contactStats, countByBot, DEFAULT_CONTACT_QUERY, matchContacts, pageOf, type ContactQuery } from '../utils/contact-query.ts';
import { BotBreakdown } from './bot-breakdown.tsx';
import { ContactGrid } from './contact-grid.tsx';
import { ContactStatCards } from './contact-stat-cards.tsx';
import { ContactsPagination } from './contacts-pagination.tsx';
import { ContactsToolbar } from './contacts-toolbar.tsx';
import { EditContactModal } from './edit-contact-modal.tsx';
import { FunnelBanner } from './funnel-banner.tsx';

type Props = { botId?: string | undefined; funnelId?: string | undefined; onClearFunnel?: () => void };

/**
 * /contacts (every bot: breakdown, bot filter, funnel filter) and /contacts/{botId} (docs/product.md#screen-contacts),
 * read from the offline cache; only the 20 contacts of the current page are rendered, however many are cached.
 */
export function ContactsPage({ botId, funnelId, onClearFunnel }: Props) {
  const isGlobal = botId === undefined;
  const contacts = useCachedContacts(botId);
  const bots = useContactBots();
  const loadFailed = useFirstLoadFailed();
  const removeContact = useRemoveContact();
  const [query, setQuery] = useState<ContactQuery>(DEFAULT_CONTACT_QUERY);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  // Typing stays responsive with thousands of cached contacts: the list follows the search a moment later.
  const search = useDeferredValue(query.search);
  const change = useCallback((changes: Partial<ContactQuery>) => setQuery((current) => ({ ...current, ...changes })), []);

  const matched = useMemo(() => (contacts ? matchContacts(contacts, { ...query, search }) : undefined), [contacts, query, search]);
  const local = matched ? pageOf(matched, query.page) : undefined;
  const funnel = useFunnelContacts(funnelId, { ...query, search });
  const shown = funnelId ? funnel.data : local;
  const stats = useMemo(() => (contacts ? contactStats(contacts, Date.now()) : undefined), [contacts]);
  const bot = bots?.find((item) => item.id === botId);
  const botNames = useMemo(() => new Map((bots ?? []).map((item) => [item.id, `${item.name} · @${item.username}`])), [bots]);

  useEffect(() => {
    if (contacts === undefined && loadFailed) toast.error(CONTACT_TOASTS.statsError, { id: CONTACT_TOASTS.statsError });
  }, [contacts, loadFailed]);
  useEffect(() => {
    if (funnel.isError) toast.error(funnel.error.message || CONTACT_TOASTS.loadError, { id: CONTACT_TOASTS.loadError });
  }, [funnel.isError, funnel.error]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold text-slate-900">{isGlobal ? 'Todos os contatos' : `Contatos de ${bot?.name ?? 'bot'}`}</h2>
          <p className="mt-1 text-sm text-slate-500">Pessoas e bots que conversaram com {isGlobal ? 'os seus bots' : 'este bot'}.</p>
        </div>
        {!isGlobal && (
          <Link to="/bots/$botId" params={{ botId }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar
          </Link>
        )}
      </div>

      {funnelId && <FunnelBanner onClear={onClearFunnel} />}
      <ContactStatCards stats={stats} />
      {isGlobal && bots && contacts && bots.length > 1 && <BotBreakdown bots={bots} counts={countByBot(contacts, bots.map((item) => item.id))} />}
      <ContactsToolbar query={query} onChange={change} bots={isGlobal ? bots : undefined} />

      {contacts === undefined && loadFailed ? (
        <LoadError message={CONTACT_TOASTS.loadError} />
      ) : shown === undefined ? (
        <ul aria-busy="true" aria-label="Carregando contatos" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-48 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
          ))}
        </ul>
      ) : shown.rows.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Users aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">Nenhum contato encontrado</h3>
          <p className="mt-2 max-w-md text-slate-600">
            {query.search || query.filter !== 'all' || funnelId ? 'Nenhum contato corresponde aos filtros.' : 'Os contatos aparecem quando alguém conversa com o bot.'}
          </p>
        </Card>
      ) : (
        <>
          <ContactGrid contacts={shown.rows} botNames={isGlobal ? botNames : undefined} onEdit={setEditing} onRemove={setRemoving} />
          <ContactsPagination page={shown.page} totalPages={shown.totalPages} capped={shown.totalCapped === true} onPage={(page) => change({ page })} />
        </>
      )}

      <EditContactModal contact={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remover contato"
        message={REMOVE_CONTACT_QUESTION}
        confirmLabel="Remover"
        danger
        onConfirm={() => {
          if (removing) void removeContact(removing.id).catch(() => toast.error(CONTACT_TOASTS.removeError));
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
