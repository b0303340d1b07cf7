import { toast } from '../lib/toast.ts';
import { OFFLINE_SAVED_TOAST_ID, SYNC_UI_TEXTS } from './mutation-labels.ts';

/** The success toast of a local write; offline it also says the change waits on this device for the network. */
export function savedToast(text: string) {
  toast.success(text, navigator.onLine ? undefined : { id: OFFLINE_SAVED_TOAST_ID, description: SYNC_UI_TEXTS.savedOffline });
}
