import { Link } from '@tanstack/react-router';
import { Bot as BotIcon, MessageCircle, MessageSquare, Pencil, Phone, Trash2, User } from 'lucide-react';
import { memo, useId } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import type { Label } from '@shared/labels/schemas.ts';
import { LabelChips } from '../../../components/labels/label-chips.tsx';
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { contact: Contact; labels?: Label[] | undefined; botLabel?: string | undefined; onEdit: (contact: Contact) => void; onRemove: (contact: Contact) => void };

/** One contact of the grid: display name, username, Telegram id, kind, bot, phone, messages, last interaction. */
export const ContactCard = memo(function ContactCard({ contact, labels, botLabel, onEdit, onRemove }: Props) {
  const titleId = useId();
  const name = contactDisplayName(contact);
  return (
    <Card className="flex h-full flex-col p-3 sm:p-4" role="article" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          {contact.isBot ? <BotIcon aria-hidden="true" className="size-5" /> : <User aria-hidden="true" className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-slate-900">
            <UserText>{name}</UserText>
          </h3>
          <p className="truncate text-sm text-slate-500">
            {contact.username && <><UserText>{`@${contact.username}`}</UserText> · </>}ID {contact.telegramId}
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${contact.isBot ? 'bg-amber-50 text-amber-700' : 'bg-emerald-50 text-emerald-700'}`}>
          {contact.isBot ? 'Bot' : 'Humano'}
        </span>
      </div>
      <LabelChips labelIds={contact.labelIds} labels={labels} className="mt-2" />
      <dl className="mt-2 space-y-0.5 text-sm text-slate-600 sm:mt-3 sm:space-y-1">
        {botLabel && (
          <div className="flex gap-2">
            <dt className="sr-only">Bot</dt>
            <dd className="truncate">{botLabel}</dd>
          </div>
        )}
        {contact.phoneNumber && (
          <div className="flex items-center gap-2">
            <dt><Phone aria-label="Telefone" className="size-4" /></dt>
            <dd>{contact.phoneNumber}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt><MessageSquare aria-label="Mensagens" className="size-4" /></dt>
          <dd>{formatCount(contact.messageCount, 'mensagem', 'mensagens')}</dd>
        </div>
        {contact.awaitingStart ? (
          <div className="flex gap-2">
            <dt className="sr-only">Situação</dt>
            <dd className="text-amber-800">Importado, ainda não conversou com o bot</dd>
          </div>
        ) : (
          <div className="flex gap-2">
            <dt className="text-slate-500">Última interação:</dt>
            <dd>{formatDateTime(contact.lastInteractionAt)}</dd>
          </div>
        )}
      </dl>
      <ContactCardActions contact={contact} name={name} onEdit={onEdit} onRemove={onRemove} />
    </Card>
  );
});

/** Abrir conversa (the chat with this contact, an empty one if they never wrote), Editar, Remover (icons alone on a phone, so the three fit). */
function ContactCardActions({ contact, name, onEdit, onRemove }: Omit<Props, 'botLabel' | 'labels'> & { name: string }) {
  return (
    <div className="mt-auto flex gap-2 pt-3 sm:pt-4">
      <Link
        to="/chat"
        search={{ contato: contact.id }}
        aria-label={`Abrir conversa com ${name}`}
        className={buttonClasses({ variant: 'primary', size: 'sm', className: 'flex-1' })}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        Abrir conversa
      </Link>
      <Button variant="outline" size="sm" icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Editar ${name}`} onClick={() => onEdit(contact)}>
        <span className="max-sm:sr-only">Editar</span>
      </Button>
      <Button variant="ghost" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Remover ${name}`} onClick={() => onRemove(contact)}>
        <span className="max-sm:sr-only">Remover</span>
      </Button>
    </div>
  );
}
