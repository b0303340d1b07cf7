import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { saveNeedsServer, useSaveBroadcast } from '../api/broadcast-writes.ts';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import type { BroadcastForm } from './use-broadcast-form.ts';
import { useSendAfterSave } from './use-send-after-save.ts';

/** Salvar (then the send question when nothing was scheduled) and 'Enviar Agora' (only what is saved on the server). */
export function useBroadcastSubmit(form: BroadcastForm, existing: BroadcastRow | null, online: boolean) {
  const navigate = useNavigate();
  const save = useSaveBroadcast();
  const send = useSendAfterSave();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = form.validate();
    if (!payload) return;
    if (saveNeedsServer(existing, payload) && !online) return void toast.error(FORM_TEXTS.needsServer);
    setSaving(true);
    const outcome = await save(existing, payload, online).finally(() => setSaving(false));
    if (!outcome) return;
    form.saved();
    if (online && outcome.onServer && !outcome.scheduled) send.ask(outcome.id, true);
    else void navigate({ to: '/broadcasts' });
  }

  function sendNow() {
    if (!existing) return;
    if (form.dirty || existing.localOnly || existing.pendingSync) return void toast.error(BROADCAST_TOASTS.saveFirst);
    send.ask(existing.id, false);
  }

  return { submit, sendNow, saving, send };
}
