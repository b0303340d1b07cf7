import { describe, expect, test } from 'bun:test';
import { ACTIVITY_METRICS, type ActivityDay } from '@shared/dashboard/schemas.ts';
import { ACTIVITY_CHARTS, formatActivityDay, periodOf, toActivityChart } from './activity-charts.ts';

const day = (date: string, figures: Partial<ActivityDay> = {}): ActivityDay => ({
  date, messagesReceived: 0, messagesSent: 0, newContacts: 0, channelJoins: 0, channelLeaves: 0,
  broadcastSent: 0, broadcastFailed: 0, funnelEntries: 0, revenueCents: 0, activeAccesses: 0, ...figures,
});

const spec = (id: string) => {
  const found = ACTIVITY_CHARTS.find((chart) => chart.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('activity charts', () => {
  test('a chart draws its series by day, labelled in pt-BR, with the totals of the period', () => {
    const series = [day('2026-11-25', { messagesReceived: 3, messagesSent: 1 }), day('2026-11-26'), day('2026-11-27', { messagesReceived: 2 })];
    const chart = toActivityChart(spec('messages'), series);
    expect(chart.data.labels).toEqual(['25 de nov.', '26 de nov.', '27 de nov.']);
    expect(chart.data.ticks).toEqual(['25/11', '26/11', '27/11']);
    expect(chart.data.columns).toEqual([[0, 1, 2], [3, 0, 2], [1, 0, 0]]);
    expect(chart.data.series.map((item) => item.label)).toEqual(['Recebidas', 'Enviadas']);
    expect(chart.totals).toEqual([5, 1]);
    expect(chart.empty).toBe(false);
  });

  test("a period without any of a chart's figures is its zero state, whatever the other charts have", () => {
    const series = [day('2026-11-26', { messagesReceived: 4 }), day('2026-11-27')];
    expect(toActivityChart(spec('channels'), series)).toMatchObject({ empty: true, totals: [0, 0] });
    expect(toActivityChart(spec('messages'), series).empty).toBe(false);
  });

  test('revenue is drawn and summed in reais; accesses in force read as the last day, never a sum', () => {
    const series = [day('2026-11-26', { revenueCents: 4990, activeAccesses: 3 }), day('2026-11-27', { revenueCents: 12_345, activeAccesses: 4 })];
    const revenue = toActivityChart(spec('revenue'), series);
    expect(revenue.data.columns[1]).toEqual([49.9, 123.45]);
    expect(revenue.totals).toEqual([173.35]);
    expect(revenue.data.format?.(173.35).replace(/\s/g, ' ')).toBe('R$ 173,35');
    expect(toActivityChart(spec('accesses'), series).totals).toEqual([4]);
  });

  test('every metric of the API is drawn by exactly one chart', () => {
    const keys = ACTIVITY_CHARTS.flatMap((chart) => chart.series.map((item) => item.key)).sort();
    expect(keys).toEqual([...ACTIVITY_METRICS].sort());
  });

  test('dates are calendar days in pt-BR, never shifted by the device zone', () => {
    expect(formatActivityDay('2026-01-01')).toBe('01 de jan.');
    expect(formatActivityDay('2026-01-01', true)).toBe('1 de janeiro');
    expect(periodOf([day('2026-10-29'), day('2026-11-27')])).toBe('29 de outubro a 27 de novembro');
    expect(periodOf([])).toBe('');
  });
});
