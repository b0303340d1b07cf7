/**
 * Every toast goes through here so it gets the durations of docs/product.md#toast-behaviour: 4000 ms for default, error and custom
 * toasts, 2000 ms for success, none for loading (dismissed by whoever started it).
 * sonner (with its stylesheet) loads with the first toast, not with the first page: /login shows
 * none until the user acts. Calls made while it loads run in order once it is there; the Toaster
 * (components/toaster.tsx) mounts then, and sonner shows it the toasts created before it subscribed.
 */
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');

export const TOAST_DURATION = { default: 4000, error: 4000, success: 2000 } as const;
export const MAX_VISIBLE_TOASTS = 20;

let sonnerModule: Promise<Sonner> | undefined;
let loadedSonner: Sonner | undefined;
const onLoad = new Set<(sonner: Sonner) => void>();

/** sonner, loaded on first use; the service worker precaches its chunk, so this works offline too. */
export function loadSonner(): Promise<Sonner> {
  sonnerModule ??= import('sonner').then((sonner) => {
    loadedSonner = sonner;
    for (const listener of onLoad) listener(sonner);
    return sonner;
  });
  return sonnerModule;
}

/** sonner if it has loaded already. */
export const currentSonner = (): Sonner | undefined => loadedSonner;

/** Calls `listener` when sonner loads; returns the unsubscribe. */
export function onSonnerLoad(listener: (sonner: Sonner) => void): () => void {
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

function show(run: (sonner: Sonner['toast']) => void): void {
  if (loadedSonner) run(loadedSonner.toast);
  else void loadSonner().then((sonner) => run(sonner.toast));
}

export const toast = {
  message: (text: string, options?: ExternalToast) => show((sonner) => sonner(text, { duration: TOAST_DURATION.default, ...options })),
  info: (text: string, options?: ExternalToast) => show((sonner) => sonner.info(text, { duration: TOAST_DURATION.default, ...options })),
  success: (text: string, options?: ExternalToast) => show((sonner) => sonner.success(text, { duration: TOAST_DURATION.success, ...options })),
  error: (text: string, options?: ExternalToast) => show((sonner) => sonner.error(text, { duration: TOAST_DURATION.error, ...options })),
  loading: (text: string, options?: ExternalToast) => show((sonner) => sonner.loading(text, { duration: Number.POSITIVE_INFINITY, ...options })),
  /** A toast that stays until acted on, e.g. the update prompt. */
  persistent: (text: string, options?: ExternalToast) => show((sonner) => sonner(text, { ...options, duration: Number.POSITIVE_INFINITY })),
  dismiss: (id?: string | number) => show((sonner) => sonner.dismiss(id)),
};
