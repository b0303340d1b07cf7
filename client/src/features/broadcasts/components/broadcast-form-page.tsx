import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { BROADCAST_STATUS_LABELS, canDo } from '@shared/broadcasts/status-machine.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useEditableBroadcast } from '../hooks/use-editable-broadcast.ts';
import { emptyForm, toFormValues } from '../utils/broadcast-form.ts';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import { BroadcastFormBody } from './broadcast-form-body.tsx';

function Header({ editing }: { editing: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-xl font-semibold text-slate-900">{editing ? 'Editar disparo' : 'Novo disparo'}</h2>
      <Link to="/broadcasts" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar
      </Link>
    </div>
  );
}

function Screen({ editing, children }: { editing: boolean; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <Header editing={editing} />
      {children}
    </div>
  );
}

const Notice = ({ text }: { text: string }) => <Card className="px-6 py-10 text-center text-slate-600">{text}</Card>;

/** /broadcasts/new and /broadcasts/{id}/edit (docs/product.md#screen-broadcast-form): one form for both. */
export function BroadcastFormPage({ broadcastId }: { broadcastId?: string }) {
  const { online } = useSyncSnapshot();
  const { editing, existing, missing, bots } = useEditableBroadcast(broadcastId, online);
  let body: ReactNode;
  if (missing && !online) body = <Notice text={FORM_TEXTS.offlineMissing} />;
  else if (existing && !canDo('edit', existing.status)) body = <Notice text={FORM_TEXTS.notEditable(BROADCAST_STATUS_LABELS[existing.status])} />;
  else if (!bots) body = <div aria-busy="true" aria-label="Carregando formulário" className="h-96 animate-pulse rounded-2xl bg-white" />;
  else {
    const initial = existing ? toFormValues(existing) : emptyForm(bots[0]?.id ?? '');
    body = <BroadcastFormBody key={existing?.id ?? 'new'} initial={initial} existing={existing ?? null} bots={bots} online={online} />;
  }
  return <Screen editing={editing}>{body}</Screen>;
}
