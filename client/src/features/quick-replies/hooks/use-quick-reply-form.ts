/** The quick reply form's state and save: the shared schema checks it first, a taken shortcut lands on its field. */
import { useState, type FormEvent } from 'react';
import { quickReplyInputSchema, type QuickReply } from '@shared/quick-replies/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { QUICK_REPLY_TOASTS, quickReplyRequests } from '../api/quick-reply-requests.ts';

type Errors = { shortcut?: string | undefined; text?: string | undefined };

export function useQuickReplyForm(reply: QuickReply | undefined, onSaved: () => void) {
  const syncNow = useSyncNow();
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = quickReplyInputSchema.safeParse({ shortcut, text });
    if (!parsed.success) {
      const byField = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ shortcut: byField('shortcut'), text: byField('text') });
      return;
    }
    setSaving(true);
    try {
      if (reply) await quickReplyRequests.update(reply.id, parsed.data);
      else await quickReplyRequests.create(parsed.data);
      toast.success(reply ? QUICK_REPLY_TOASTS.saved : QUICK_REPLY_TOASTS.created);
      void syncNow();
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'QUICK_REPLY_SHORTCUT_TAKEN') setErrors({ shortcut: error.message });
      else toast.error(error instanceof ApiError ? error.message : QUICK_REPLY_TOASTS.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return { shortcut, setShortcut, text, setText, errors, saving, submit };
}
