import { useMemo, useState, type ReactNode } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useCached } from '../../../offline/hooks.ts';
import { useBroadcastForm } from '../hooks/use-broadcast-form.ts';
import { useBroadcastSubmit } from '../hooks/use-broadcast-submit.ts';
import { useSendQuestion } from '../hooks/use-send-question.ts';
import { audienceOf } from '../utils/audience.ts';
import type { BroadcastFormValues } from '../utils/broadcast-form.ts';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import { AudiencePicker } from './audience-picker.tsx';
import { ButtonRowsEditor } from './button-rows-editor.tsx';
import { FormActions } from './form-actions.tsx';
import { FormBasicsCard } from './form-basics-card.tsx';
import { FormContentCard } from './form-content-card.tsx';
import { FormScheduleCard } from './form-schedule-card.tsx';
import { TelegramPreview } from './telegram-preview.tsx';

type Props = { initial: BroadcastFormValues; existing: BroadcastRow | null; bots: Bot[]; online: boolean };

/** The form's cards, its actions, the preview beside it when asked for, and the send confirmation. */
export function BroadcastFormBody({ initial, existing, bots, online }: Props) {
  const form = useBroadcastForm(initial);
  const { submit, sendNow, saving, send } = useBroadcastSubmit(form, existing, online);
  const { values } = form;
  const question = useSendQuestion(send.asking?.id ?? null);
  const [preview, setPreview] = useState(false);
  const contacts = useCached((db) => db.contacts.where('botId').equals(values.botId).toArray(), [values.botId]);
  const audience = useMemo(() => (contacts ? audienceOf(contacts, values.botId) : undefined), [contacts, values.botId]);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={preview ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'space-y-6'}>
      <div className="min-w-0 space-y-6">
        {!online && <OfflineNotice>{FORM_TEXTS.offlineForm}</OfflineNotice>}
        <FormBasicsCard form={form} bots={bots} />
        <FormContentCard form={form} online={online} />
        <Section title="Botões"><ButtonRowsEditor form={form} /></Section>
        <Section title="Público"><AudiencePicker form={form} audience={audience} /></Section>
        <FormScheduleCard form={form} online={online} />
        <FormActions existing={existing} online={online} saving={saving} preview={preview} onSendNow={sendNow} onTogglePreview={() => setPreview((shown) => !shown)} />
      </div>
      {preview && (
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <Section title="Pré-visualização" description="Como os contatos vão receber">
            <TelegramPreview mediaType={values.mediaType} mediaUrl={values.mediaUrl} text={values.text} rows={values.buttons} />
          </Section>
        </aside>
      )}
      <ConfirmDialog
        open={send.asking !== null}
        title="Enviar disparo"
        message={question}
        confirmLabel="Enviar agora"
        cancelLabel={send.asking?.afterSave ? FORM_TEXTS.keepDraft : 'Agora não'}
        loading={send.sending}
        onConfirm={() => void send.confirm()}
        onCancel={send.decline}
      />
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
