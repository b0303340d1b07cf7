/**
 * The detail screen's progress (docs/product.md#state-broadcast): the server's answer when there is one, else
 * derived from the broadcast's counts: current = sent + failed, percentage = round(current / total × 100), 0 when
 * total is 0.
 */
import { progressOf, type Broadcast, type BroadcastProgress } from '@shared/broadcasts/answers.ts';

export type ProgressView = { total: number; sent: number; failed: number; current: number; percentage: number };

export function progressView(broadcast: Pick<Broadcast, 'sentCount' | 'failedCount' | 'totalCount'>, progress?: BroadcastProgress | null): ProgressView {
  if (progress) {
    const { total, sent, failed, current, percentage } = progress;
    return { total, sent, failed, current, percentage: clampPercent(percentage) };
  }
  const counts = { sent: broadcast.sentCount, failed: broadcast.failedCount, total: broadcast.totalCount };
  const derived = progressOf(counts);
  return { ...counts, current: derived.current, percentage: clampPercent(derived.percentage) };
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** "Taxa de Sucesso" with one decimal and % (docs/product.md#screen-broadcasts). */
export function formatSuccessRate(rate: number): string {
  return `${(Number.isFinite(rate) ? rate : 0).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}
