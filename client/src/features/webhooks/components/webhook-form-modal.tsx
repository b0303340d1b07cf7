import { useId } from 'react';
import type { Webhook, WebhookWithSecret } from '@shared/webhooks/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useWebhookForm } from '../hooks/use-webhook-form.ts';
import { EventPicker } from './event-picker.tsx';

type Props = { webhook?: Webhook | undefined; onClose: () => void; onSaved: (saved: WebhookWithSecret) => void };

/** Create or edit a subscription: its URL, a description and the events it wants (docs/product.md#screen-webhooks). */
export function WebhookFormModal({ webhook, onClose, onSaved }: Props) {
  const formId = useId();
  const editor = useWebhookForm(webhook, onSaved);
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={editor.saving}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} loading={editor.saving}>
        {webhook ? 'Salvar' : 'Criar webhook'}
      </Button>
    </>
  );
  return (
    <Modal
      open
      onClose={() => !editor.saving && onClose()}
      title={webhook ? 'Editar webhook' : 'Novo webhook'}
      description="O Canalize envia um POST com o evento em JSON, assinado, para esta URL."
      size="2xl"
      footer={footer}
    >
      <form id={formId} noValidate onSubmit={(event) => void editor.submit(event)} className="space-y-4">
        <Input
          label="URL de destino"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://exemplo.com.br/webhooks/canalize"
          value={editor.values.url}
          error={editor.error('url')}
          helperText="Um endereço público na internet, de preferência https://."
          onChange={(event) => editor.setUrl(event.target.value)}
        />
        <Textarea
          label="Descrição"
          rows={2}
          value={editor.values.description}
          error={editor.error('description')}
          helperText="Opcional: para lembrar quem recebe (ex.: CRM, planilha)."
          onChange={(event) => editor.setDescription(event.target.value)}
        />
        <EventPicker selected={editor.values.events} onChange={editor.setEvents} error={editor.error('events')} />
      </form>
    </Modal>
  );
}
