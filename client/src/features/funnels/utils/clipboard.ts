import { FUNNEL_TOASTS } from '@shared/funnels/schemas.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Copies the script or the link with the toasts of docs/product.md#toasts-funnels. The Clipboard API needs a secure
 * context and a permission; where it is missing or refused the user is told to copy by hand (the text is on screen).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(FUNNEL_TOASTS.copied);
    return true;
  } catch {
    toast.error(FUNNEL_TOASTS.copyFailed);
    return false;
  }
}
