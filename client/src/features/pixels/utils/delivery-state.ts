/**
 * What a pixel's row says about its funnel events (GET /pixels `delivery`): one state and the lines that explain
 * it, so the screen never says "Sem eventos ainda" while events wait or fail. The state, by what matters first:
 * events waiting (Pendente, with the next try and why the last one failed), the last outcome a failure (Falhou,
 * with Meta's or the network's error), events delivered (Entregue), else what a test event told (the pixel's own
 * status). Dates and numbers in pt-BR.
 */
import { PIXEL_TEXTS, type Pixel } from '@shared/pixels/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';

export type DeliveryTone = 'ok' | 'waiting' | 'error' | 'idle';
export type DeliveryView = { tone: DeliveryTone; badge: string; lines: string[]; error: string | null };

type Input = Pick<Pixel, 'status' | 'lastError' | 'lastEventAt' | 'delivery'>;

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** "às 14:32:05" today, "em 25/11 às 14:32" on another day. */
export function formatAttempt(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return `às ${time.format(date)}`;
  return `em ${dayAndTime.format(date).replace(', ', ' às ')}`;
}

const events = (count: number, singular: string, plural: string) => `${formatNumber(count)} ${count === 1 ? singular : plural}`;

export const DELIVERY_TEXTS = {
  pending: 'Pendente',
  failed: 'Falhou',
  delivered: 'Entregue',
  waiting: (count: number) => events(count, 'evento aguardando envio', 'eventos aguardando envio'),
  nextAttempt: (when: string) => `próxima tentativa ${when}`,
  notDelivered: (count: number) => events(count, 'evento não entregue', 'eventos não entregues'),
  deliveredCount: (count: number) => events(count, 'evento entregue ao Meta', 'eventos entregues ao Meta'),
  lastAttempt: (when: string) => `último envio ${when}`,
  lastError: (message: string) => `Último erro: ${message}`,
} as const;

/** The error explains the current state when nothing was accepted after it. */
function errorIsCurrent(pixel: Input): boolean {
  const { lastError, lastErrorAt } = pixel.delivery;
  if (!lastError || !lastErrorAt) return false;
  return !pixel.lastEventAt || Date.parse(lastErrorAt) >= Date.parse(pixel.lastEventAt);
}

export function deliveryView(pixel: Input, now = new Date()): DeliveryView {
  const d = pixel.delivery;
  const current = errorIsCurrent(pixel);
  const error = d.lastError ? DELIVERY_TEXTS.lastError(d.lastError) : null;
  if (d.pending > 0) {
    const next = d.nextAttemptAt ? ` · ${DELIVERY_TEXTS.nextAttempt(formatAttempt(d.nextAttemptAt, now))}` : '';
    return { tone: 'waiting', badge: DELIVERY_TEXTS.pending, lines: [`${DELIVERY_TEXTS.waiting(d.pending)}${next}`], error: current ? error : null };
  }
  const delivered = d.delivered > 0 ? [DELIVERY_TEXTS.deliveredCount(d.delivered)] : [];
  const lastAttempt = d.lastAttemptAt ? ` · ${DELIVERY_TEXTS.lastAttempt(formatAttempt(d.lastAttemptAt, now))}` : '';
  if (d.failed > 0 && current) {
    return { tone: 'error', badge: DELIVERY_TEXTS.failed, lines: [`${DELIVERY_TEXTS.notDelivered(d.failed)}${lastAttempt}`, ...delivered], error };
  }
  if (d.delivered > 0) {
    const failed = d.failed > 0 ? [DELIVERY_TEXTS.notDelivered(d.failed)] : [];
    return { tone: 'ok', badge: DELIVERY_TEXTS.delivered, lines: [`${delivered[0] ?? ''}${lastAttempt}`, ...failed], error: d.failed > 0 ? error : null };
  }
  // Nothing delivered yet: what a test event told, and failures a later accepted test event made old news.
  const failed = d.failed > 0 ? [DELIVERY_TEXTS.notDelivered(d.failed)] : [];
  if (pixel.status === 'error') return { tone: 'error', badge: PIXEL_TEXTS.statusError, lines: failed, error: pixel.lastError ? PIXEL_TEXTS.lastError(pixel.lastError) : null };
  if (pixel.status === 'ok') return { tone: 'ok', badge: PIXEL_TEXTS.statusOk, lines: failed, error: null };
  return { tone: 'idle', badge: PIXEL_TEXTS.statusUnused, lines: failed, error: null };
}
