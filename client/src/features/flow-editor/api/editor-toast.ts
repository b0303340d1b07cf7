/**
 * The editor's success toasts: one at a time. Each user action still gets its toast, but a new one takes the
 * place of the one before instead of piling up (ten quick edits never stack ten toasts over the canvas). Offline
 * it says, as every local write does, that the change waits on this device.
 */
import { toast } from '../../../lib/toast.ts';
import { SYNC_UI_TEXTS } from '../../../offline/mutation-labels.ts';

export const EDITOR_TOAST_ID = 'flow-editor';

/** `warning` (an unknown variable in the saved flow) goes under the text, with the offline note when there is one. */
export function editorToast(text: string, warning?: string) {
  const description = [warning, navigator.onLine ? undefined : SYNC_UI_TEXTS.savedOffline].filter(Boolean).join('\n');
  return toast.success(text, { id: EDITOR_TOAST_ID, ...(description ? { description } : {}) });
}
