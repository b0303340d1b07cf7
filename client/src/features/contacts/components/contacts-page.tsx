import { Link } from '@tanstack/react-router';
import { ArrowLeft, Users } from 'lucide-react';
import { useState } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { LabelsManagerButton } from '../../../components/labels/labels-manager.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CardGridStates } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { CONTACT_TOASTS, REMOVE_CONTACT_QUESTION } from '../api/contact-texts.ts';
import { useRemoveContact } from '../api/contact-writes.ts';
import { useContactList } from '../hooks/use-contact-list.ts';
import { useLivePull } from '../../../offline/use-live-pull.ts';
import { countByBot, type ContactQuery } from '../utils/contact-query.ts';
import type { ExportFilters } from '../api/contact-import.ts';
import { BotBreakdown } from './bot-breakdown.tsx';
import { ContactGrid } from './contact-grid.tsx';
import { ContactStatCards } from './contact-stat-cards.tsx';
import { ContactsPagination } from './contacts-pagination.tsx';
import { ContactsToolbar } from './contacts-toolbar.tsx';
import { EditContactModal } from './edit-contact-modal.tsx';
import { ExportContactsButton } from './export-contacts-button.tsx';
import { ImportContactsButton } from './import-contacts-dialog.tsx';
import { FunnelBanner } from './funnel-banner.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { botId?: string | undefined; funnelId?: string | undefined; onClearFunnel?: () => void };

/**
 * /contacts (every bot: breakdown, bot filter, funnel filter) and /contacts/{botId} (docs/product.md#screen-contacts),
 * read from the offline cache; only the 20 contacts of the current page are rendered, however many are cached.
 */
export function ContactsPage({ botId, funnelId, onClearFunnel }: Props) {
  const isGlobal = botId === undefined;
  const { contacts, bots, failed, query, change, shown, stats, botNames } = useContactList(botId, funnelId);
  // A new contact (or a renamed one) shows without a reload, as a message does in the chat.
  useLivePull();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const removeContact = useRemoveContact();
  const filtered = Boolean(query.search || query.filter !== 'all' || query.label || funnelId);

  return (
    <div className="space-y-4 sm:space-y-6">
      <PageHeader
        title={isGlobal ? 'Todos os contatos' : <>Contatos de <UserText>{bots?.find((item) => item.id === botId)?.name ?? 'bot'}</UserText></>}
        description={`Pessoas e bots que conversaram com ${isGlobal ? 'os seus bots' : 'este bot'}.`}
        actions={
          <>
            <ExportContactsButton filters={exportFilters(query, botId, funnelId)} />
            <ImportContactsButton bots={bots ?? []} botId={botId ?? query.botId} />
            <LabelsManagerButton />
            {!isGlobal && <BackToBot botId={botId} />}
          </>
        }
      />
      {funnelId && <FunnelBanner funnelId={funnelId} onClear={onClearFunnel} />}
      <ContactStatCards stats={stats} />
      {isGlobal && bots && contacts && bots.length > 1 && <BotBreakdown bots={bots} counts={countByBot(contacts, bots.map((item) => item.id))} />}
      <ContactsToolbar query={query} onChange={change} bots={isGlobal ? bots : undefined} />
      <CardGridStates items={shown?.rows} failed={failed} errorMessage={CONTACT_TOASTS.loadError} loadingLabel="Carregando contatos" skeletonHeight="h-48" empty={<NoContacts filtered={filtered} />}>
        {(rows) => (
          <>
            <ContactGrid contacts={rows} botNames={isGlobal ? botNames : undefined} onEdit={setEditing} onRemove={setRemoving} />
            {shown && <ContactsPagination page={shown.page} totalPages={shown.totalPages} capped={shown.totalCapped === true} onPage={(page) => change({ page })} />}
          </>
        )}
      </CardGridStates>
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

/** The list's filters as the export's: the page's bot or the chosen one, search, people or bots, label, funnel. */
function exportFilters(query: ContactQuery, botId: string | undefined, funnelId: string | undefined): ExportFilters {
  const isBot = query.filter === 'all' ? undefined : query.filter === 'bots';
  return { botId: botId ?? query.botId, search: query.search, isBot, label: query.label, funnelId };
}

function BackToBot({ botId }: { botId: string }) {
  return (
    <Link to="/bots/$botId" params={{ botId }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Voltar
    </Link>
  );
}

function NoContacts({ filtered }: { filtered: boolean }) {
  const text = filtered ? 'Nenhum contato corresponde aos filtros.' : 'Os contatos aparecem quando alguém conversa com o bot.';
  return <EmptyState icon={Users} title="Nenhum contato encontrado" text={text} />;
}
