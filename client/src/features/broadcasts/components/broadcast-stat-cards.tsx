import { CheckCircle2, Megaphone, Percent, XCircle } from 'lucide-react';
import type { BroadcastStats } from '@shared/broadcasts/answers.ts';
import { StatCards } from '../../../components/stat-cards.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { formatSuccessRate } from '../utils/progress.ts';

const CARDS = [
  { label: 'Total', value: (stats: BroadcastStats) => formatNumber(stats.total), icon: Megaphone, tone: 'bg-indigo-50 text-indigo-600' },
  { label: 'Enviados', value: (stats: BroadcastStats) => formatNumber(stats.totalSent), icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-600' },
  { label: 'Falhados', value: (stats: BroadcastStats) => formatNumber(stats.totalFailed), icon: XCircle, tone: 'bg-red-50 text-red-600' },
  { label: 'Taxa de Sucesso', value: (stats: BroadcastStats) => formatSuccessRate(stats.averageSuccessRate), icon: Percent, tone: 'bg-sky-50 text-sky-600' },
];

/** Total, Enviados, Falhados, Taxa de Sucesso (docs/product.md#screen-broadcasts). */
export function BroadcastStatCards({ stats }: { stats: BroadcastStats | undefined }) {
  const cards = CARDS.map(({ value, ...card }) => ({ ...card, value: stats ? value(stats) : undefined }));
  return <StatCards label="Estatísticas de disparos" cards={cards} gridClassName="grid-cols-2 lg:grid-cols-4" />;
}
