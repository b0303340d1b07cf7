/**
 * Every toast goes through here so it gets the durations of docs/product.md#toast-behaviour: 4000 ms for default, error and custom
 * toasts, 2000 ms for success, none for loading (dismissed by whoever started it).
 */
import { toast as sonner, type ExternalToast } from 'sonner';

export const TOAST_DURATION = { default: 4000, error: 4000, success: 2000 } as const;
export const MAX_VISIBLE_TOASTS = 20;

export const toast = {
  message: (text: string, options?: ExternalToast) => sonner(text, { duration: TOAST_DURATION.default, ...options }),
  info: (text: string, options?: ExternalToast) => sonner.info(text, { duration: TOAST_DURATION.default, ...options }),
  success: (text: string, options?: ExternalToast) => sonner.success(text, { duration: TOAST_DURATION.success, ...options }),
  error: (text: string, options?: ExternalToast) => sonner.error(text, { duration: TOAST_DURATION.error, ...options }),
  loading: (text: string, options?: ExternalToast) => sonner.loading(text, { duration: Number.POSITIVE_INFINITY, ...options }),
  /** A toast that stays until acted on, e.g. the update prompt. */
  persistent: (text: string, options?: ExternalToast) => sonner(text, { ...options, duration: Number.POSITIVE_INFINITY }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
