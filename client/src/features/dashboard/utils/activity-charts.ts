/**
 * The dashboard's activity charts: which series each chart draws, their pt-BR names and colours, and how a day
 * series becomes a chart (labels in pt-BR, totals of the period, whether there is anything to draw).
 */
import type { ActivityDay, ActivityMetric } from '@shared/dashboard/schemas.ts';
import type { LineChartData } from '../../../components/charts/line-chart-data.ts';
import { formatMoney } from '../../../lib/format.ts';

export type ActivityChartId = 'messages' | 'contacts' | 'channels' | 'broadcasts' | 'funnels' | 'revenue' | 'accesses';

type ChartSeries = { key: ActivityMetric; label: string; color: string };

export type ActivityChartSpec = {
  id: ActivityChartId;
  title: string;
  series: readonly ChartSeries[];
  /** How to get data into this chart, shown while the period has none. */
  zero: { text: string; noBotText: string; link: { to: '/bots' | '/broadcasts' | '/funnels' | '/chat' | '/acessos'; label: string } };
  /** Cents drawn and summed as reais. */
  money?: boolean;
  /** A level, not a flow: the period's figure is its last day's, never a sum of days. */
  level?: boolean;
};

export const ACTIVITY_CHARTS: readonly ActivityChartSpec[] = [
  {
    id: 'messages',
    title: 'Mensagens',
    series: [
      { key: 'messagesReceived', label: 'Recebidas', color: '#6366f1' },
      { key: 'messagesSent', label: 'Enviadas', color: '#10b981' },
    ],
    zero: {
      text: 'Nenhuma mensagem no período. Quando alguém escrever para o seu bot no Telegram, as conversas aparecem aqui.',
      noBotText: 'Conecte um bot para receber e enviar mensagens.',
      link: { to: '/chat', label: 'Abrir conversas' },
    },
  },
  {
    id: 'contacts',
    title: 'Novos contatos',
    series: [{ key: 'newContacts', label: 'Novos contatos', color: '#0ea5e9' }],
    zero: {
      text: 'Nenhum contato novo no período. Divulgue o link do seu bot ou de um canal dele para conquistar contatos.',
      noBotText: 'Conecte um bot: cada pessoa que falar com ele ou entrar nos canais dele vira um contato.',
      link: { to: '/bots', label: 'Ver bots' },
    },
  },
  {
    id: 'channels',
    title: 'Entradas e saídas dos canais',
    series: [
      { key: 'channelJoins', label: 'Entradas', color: '#10b981' },
      { key: 'channelLeaves', label: 'Saídas', color: '#ef4444' },
    ],
    zero: {
      text: 'Ninguém entrou ou saiu no período. As entradas são contadas nos grupos e canais onde o bot é administrador.',
      noBotText: 'Conecte um bot e torne-o administrador de um canal para contar entradas e saídas.',
      link: { to: '/bots', label: 'Ver canais' },
    },
  },
  {
    id: 'broadcasts',
    title: 'Mensagens de disparos',
    series: [
      { key: 'broadcastSent', label: 'Enviadas', color: '#6366f1' },
      { key: 'broadcastFailed', label: 'Falhas', color: '#ef4444' },
    ],
    zero: {
      text: 'Nenhum disparo enviado no período. Crie um disparo para falar com todos os seus contatos de uma vez.',
      noBotText: 'Conecte um bot para enviar disparos aos seus contatos.',
      link: { to: '/broadcasts', label: 'Ver disparos' },
    },
  },
  {
    id: 'funnels',
    title: 'Entradas pelos funis',
    series: [{ key: 'funnelEntries', label: 'Entradas no funil', color: '#8b5cf6' }],
    zero: {
      text: 'Nenhuma entrada por funil no período. Crie um funil com o link de convite do canal para medir de onde vêm as pessoas.',
      noBotText: 'Conecte um bot e crie um funil para medir as entradas nos seus canais.',
      link: { to: '/funnels', label: 'Ver funis' },
    },
  },
  {
    id: 'revenue',
    title: 'Receita',
    money: true,
    series: [{ key: 'revenueCents', label: 'Receita', color: '#059669' }],
    zero: {
      text: 'Nenhuma venda no período. Crie um plano de acesso e ligue o webhook da sua plataforma de pagamento.',
      noBotText: 'Conecte um bot e crie um plano de acesso para vender a entrada nos seus grupos e canais.',
      link: { to: '/acessos', label: 'Ver acessos' },
    },
  },
  {
    id: 'accesses',
    title: 'Acessos ativos',
    level: true,
    series: [{ key: 'activeAccesses', label: 'Acessos ativos', color: '#d97706' }],
    zero: {
      text: 'Nenhum acesso pago em vigor no período. Cada compra aprovada vira um acesso com prazo.',
      noBotText: 'Conecte um bot e crie um plano de acesso para vender a entrada nos seus grupos e canais.',
      link: { to: '/acessos', label: 'Ver acessos' },
    },
  },
];

// The series' dates are calendar days (YYYY-MM-DD in the user's zone): read and printed as UTC so no zone shifts them.
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'UTC' });

const tickFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** "2026-11-05" → "05/11", the axis' text. */
export function formatActivityTick(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : tickFormat.format(parsed);
}

/** "2026-11-05" → "05 de nov." */
export function formatActivityDay(date: string, long = false): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return (long ? longDayFormat : dayFormat).format(parsed);
}

/** "28 de outubro a 26 de novembro" for the period a series covers. */
export function periodOf(series: readonly ActivityDay[]): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return '';
  return `${formatActivityDay(first.date, true)} a ${formatActivityDay(last.date, true)}`;
}

export type ActivityChart = {
  spec: ActivityChartSpec;
  data: LineChartData;
  /** Each series' total over the period, in `spec.series` order. */
  totals: number[];
  empty: boolean;
};

export function toActivityChart(spec: ActivityChartSpec, series: readonly ActivityDay[]): ActivityChart {
  const columns = spec.series.map(({ key }) => series.map((day) => (spec.money ? day[key] / 100 : day[key])));
  const totals = columns.map((column) => (spec.level ? (column.at(-1) ?? 0) : column.reduce((sum, value) => sum + value, 0)));
  return {
    spec,
    data: {
      labels: series.map((day) => formatActivityDay(day.date)),
      ticks: series.map((day) => formatActivityTick(day.date)),
      series: spec.series,
      columns: [series.map((_day, index) => index), ...columns],
      ...(spec.money ? { format: formatMoney } : {}),
    },
    totals,
    empty: totals.every((total) => total === 0),
  };
}
