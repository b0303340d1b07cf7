import { FUNNEL_TOASTS } from '@shared/funnels/schemas.ts';
import { toast } from './toast.ts';

/**
 * The Clipboard API exists only in a secure context (https or localhost): a console opened over plain http on the
 * local network has none, so the older selection copy is tried there.
 */
function copyBySelection(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    // Back to the copy button, so a keyboard user stays where they were.
    focused?.focus();
  }
}

/**
 * Copies a script, a link or a webhook address with the toasts of docs/product.md#toasts-funnels; when the browser refuses, the user
 * is told to copy by hand (the success state shows both texts).
 */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    // Permission refused or document not focused: the selection copy below may still work.
  }
  copied ||= copyBySelection(text);
  if (copied) toast.success(FUNNEL_TOASTS.copied);
  else toast.error(FUNNEL_TOASTS.copyFailed);
  return copied;
}
