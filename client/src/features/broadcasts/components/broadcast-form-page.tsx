import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Eye, EyeOff, Send, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { BROADCAST_HTML_HINT } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_STATUS_LABELS, canDo } from '@shared/broadcasts/status-machine.ts';
import { BROADCAST_LIMITS, BROADCAST_TEXTS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import type { Bot } from '@shared/bots/schemas.ts';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCached, useFirstLoadFailed, useSyncSnapshot } from '../../../offline/hooks.ts';
import { broadcastActions, useBroadcast } from '../api/broadcast-requests.ts';
import { saveNeedsServer, useSaveBroadcast } from '../api/broadcast-writes.ts';
import { useBroadcastForm } from '../hooks/use-broadcast-form.ts';
import { useLocalBroadcasts } from '../hooks/use-local-broadcasts.ts';
import { audienceOf } from '../utils/audience.ts';
import { emptyForm, toFormValues, type BroadcastFormValues } from '../utils/broadcast-form.ts';
import { overlayOne, type BroadcastRow } from '../utils/local-drafts.ts';
import { minLocalInput } from '../utils/schedule.ts';
import { AudiencePicker } from './audience-picker.tsx';
import { ButtonRowsEditor } from './button-rows-editor.tsx';
import { MediaField } from './media-field.tsx';
import { TelegramPreview } from './telegram-preview.tsx';

export const FORM_TEXTS = {
  scheduleHint: 'Em branco: o disparo é enviado logo após salvar.',
  scheduleOffline: 'Agendar precisa de conexão. Sem rede, o disparo é salvo como rascunho neste aparelho.',
  needsServer: 'Agendar precisa de conexão com o servidor.',
  sendOffline: 'Enviar precisa de conexão com o servidor.',
  notEditable: (status: string) => `Um disparo com status ${status} não pode ser editado.`,
  offlineMissing: 'Você está offline e este disparo não está neste aparelho.',
} as const;

/** /broadcasts/new and /broadcasts/{id}/edit (docs/product.md#screen-broadcast-form): one form for both. */
export function BroadcastFormPage({ broadcastId }: { broadcastId?: string }) {
  const navigate = useNavigate();
  const { online } = useSyncSnapshot();
  const local = useLocalBroadcasts();
  const loadFailed = useFirstLoadFailed();
  const editing = broadcastId !== undefined;
  const server = useBroadcast(broadcastId ?? '', { enabled: editing && online });
  const existing = editing && local.entries ? overlayOne(broadcastId, server.data, local.entries, local.botNames) : undefined;
  const serverSettled = !online || server.isSuccess || server.isError;
  const missing = editing && local.entries !== undefined && serverSettled && !existing;

  useEffect(() => {
    if (!editing && local.bots === undefined && loadFailed) toast.error(BROADCAST_TOASTS.loadBotsFailed, { id: BROADCAST_TOASTS.loadBotsFailed });
  }, [editing, local.bots, loadFailed]);
  useEffect(() => {
    if (!missing || !online) return;
    toast.error(server.error?.message || BROADCAST_TOASTS.loadFailed, { id: BROADCAST_TOASTS.loadFailed });
    void navigate({ to: '/broadcasts' });
  }, [missing, online, server.error, navigate]);

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-xl font-semibold text-slate-900">{editing ? 'Editar disparo' : 'Novo disparo'}</h2>
      <Link to="/broadcasts" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar
      </Link>
    </div>
  );

  if (missing && !online) return <Notice header={header} text={FORM_TEXTS.offlineMissing} />;
  if (existing && !canDo('edit', existing.status)) return <Notice header={header} text={FORM_TEXTS.notEditable(BROADCAST_STATUS_LABELS[existing.status])} />;
  const ready = editing ? existing && serverSettled : local.bots !== undefined;
  if (!ready || !local.bots) return <div className="space-y-6">{header}<div aria-busy="true" aria-label="Carregando formulário" className="h-96 animate-pulse rounded-2xl bg-white" /></div>;

  const initial = existing ? toFormValues(existing) : emptyForm(local.bots[0]?.id ?? '');
  return (
    <div className="space-y-6">
      {header}
      <FormBody key={existing?.id ?? 'new'} initial={initial} existing={existing ?? null} bots={local.bots} online={online} />
    </div>
  );
}

function Notice({ header, text }: { header: React.ReactNode; text: string }) {
  return (
    <div className="space-y-6">
      {header}
      <Card className="px-6 py-10 text-center text-slate-600">{text}</Card>
    </div>
  );
}

type BodyProps = { initial: BroadcastFormValues; existing: BroadcastRow | null; bots: Bot[]; online: boolean };

function FormBody({ initial, existing, bots, online }: BodyProps) {
  const navigate = useNavigate();
  const form = useBroadcastForm(initial);
  const save = useSaveBroadcast();
  const { values, errors } = form;
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<{ id: string; afterSave: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const contacts = useCached((db) => db.contacts.where('botId').equals(values.botId).toArray(), [values.botId]);
  const audience = useMemo(() => (contacts ? audienceOf(contacts, values.botId) : undefined), [contacts, values.botId]);
  const hasMedia = values.mediaType !== '';
  const canSendNow = existing !== null && canDo('send', existing.status);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const payload = form.validate();
    if (!payload) return;
    if (saveNeedsServer(existing, payload) && !online) return void toast.error(FORM_TEXTS.needsServer);
    setSaving(true);
    const outcome = await save(existing, payload, online).finally(() => setSaving(false));
    if (!outcome) return;
    form.saved();
    // Blank schedule sends right after saving (docs/product.md#screen-broadcast-form), after the docs' confirmation.
    if (online && outcome.onServer && !outcome.scheduled) setAsking({ id: outcome.id, afterSave: true });
    else void navigate({ to: '/broadcasts' });
  }

  function sendNow() {
    if (!existing) return;
    if (form.dirty || existing.localOnly || existing.pendingSync) return void toast.error(BROADCAST_TOASTS.saveFirst);
    setAsking({ id: existing.id, afterSave: false });
  }

  async function confirmSend() {
    if (!asking) return;
    setSending(true);
    try {
      await broadcastActions.send(asking.id);
      toast.success(BROADCAST_TOASTS.startedFollow);
      void navigate({ to: '/broadcasts/$broadcastId', params: { broadcastId: asking.id } });
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error(error instanceof Error && error.message ? error.message : BROADCAST_TOASTS.sendFailed);
      setAsking(null);
    } finally {
      setSending(false);
    }
  }

  function declineSend() {
    const after = asking?.afterSave;
    setAsking(null);
    if (after) void navigate({ to: '/broadcasts' });
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={preview ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'space-y-6'}>
      <div className="min-w-0 space-y-6">
        {!online && (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
            <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Você está offline: o disparo será salvo como rascunho neste aparelho e sincronizado quando a conexão voltar. Enviar e agendar precisam de conexão.
          </p>
        )}
        <Card>
          <CardHeader title="Informações básicas" />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Input label="Nome" required value={values.name} maxLength={BROADCAST_LIMITS.nameMax} placeholder="Ex.: Promoção de sexta" error={errors.name} onChange={(event) => form.set('name', event.target.value)} />
            <Field label="Bot" required error={errors.botId ?? (bots.length === 0 ? 'Cadastre um bot primeiro' : undefined)}>
              {(control) => (
                <select {...control} className={`${controlClasses(Boolean(errors.botId))} h-11`} value={values.botId} onChange={(event) => form.patch({ botId: event.target.value, contactIds: [] })}>
                  {bots.length === 0 && <option value="">Nenhum bot</option>}
                  {bots.map((bot) => (
                    <option key={bot.id} value={bot.id}>
                      {bot.name} (@{bot.username})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader title="Conteúdo" />
          <CardContent className="space-y-4">
            <MediaField form={form} online={online} />
            <Textarea
              label={hasMedia ? 'Legenda' : 'Mensagem'}
              required={!hasMedia}
              rows={6}
              value={values.text}
              maxLength={hasMedia ? BROADCAST_LIMITS.captionMax : BROADCAST_LIMITS.messageMax}
              placeholder={hasMedia ? 'Legenda da mídia (opcional)' : 'Olá! Temos novidades para você…'}
              error={errors.text}
              helperText={BROADCAST_HTML_HINT}
              onChange={(event) => form.set('text', event.target.value)}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader title="Botões" />
          <CardContent>
            <ButtonRowsEditor form={form} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader title="Público" />
          <CardContent>
            <AudiencePicker form={form} audience={audience} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader title="Agendamento" />
          <CardContent>
            <Input
              type="datetime-local"
              label="Enviar em"
              value={values.scheduledLocal}
              min={minLocalInput()}
              disabled={!online}
              error={errors.scheduledLocal}
              helperText={online ? FORM_TEXTS.scheduleHint : FORM_TEXTS.scheduleOffline}
              onChange={(event) => form.set('scheduledLocal', event.target.value)}
            />
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
          {existing && (
            <Button variant="secondary" disabled={!online || !canSendNow} title={online ? undefined : FORM_TEXTS.sendOffline} icon={<Send aria-hidden="true" className="size-4" />} onClick={sendNow}>
              Enviar Agora
            </Button>
          )}
          <Button variant="ghost" icon={preview ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />} aria-pressed={preview} onClick={() => setPreview((shown) => !shown)}>
            {preview ? 'Ocultar pré-visualização' : 'Pré-visualizar'}
          </Button>
          {existing && !online && <span className="text-xs text-slate-500">{FORM_TEXTS.sendOffline}</span>}
        </div>
      </div>

      {preview && (
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <Card>
            <CardHeader title="Pré-visualização" description="Como os contatos vão receber" />
            <CardContent>
              <TelegramPreview mediaType={values.mediaType} mediaUrl={values.mediaUrl} text={values.text} rows={values.buttons} />
            </CardContent>
          </Card>
        </aside>
      )}

      <ConfirmDialog
        open={asking !== null}
        title="Enviar broadcast"
        message={BROADCAST_TEXTS.confirmSend}
        confirmLabel="Enviar agora"
        cancelLabel={asking?.afterSave ? 'Agora não' : 'Cancelar'}
        loading={sending}
        onConfirm={() => void confirmSend()}
        onCancel={declineSend}
      />
    </form>
  );
}
