import { expect, test } from 'bun:test';
import { formatHistoryDay, toChartData } from './chart-series.ts';
import { todayTotals } from './today-totals.ts';

const day = (pageviews: number, clicks: number, entries: number, exits: number) => ({ pageviews, clicks, entries, exits });

test("today's totals add up every funnel's figures", () => {
  expect(todayTotals([{ todayMetrics: day(10, 4, 2, 1) }, { todayMetrics: day(5, 1, 0, 3) }])).toEqual(day(15, 5, 2, 4));
  expect(todayTotals([])).toEqual(day(0, 0, 0, 0));
});

test('history days read in pt-BR whatever the machine zone (calendar dates, not instants)', () => {
  expect(formatHistoryDay('2026-11-05')).toBe('05 de nov.');
  expect(formatHistoryDay('2026-01-01')).toBe('01 de jan.');
});

test('the chart gets one x per day and one column per line, in order', () => {
  const data = toChartData([
    { date: '2026-11-24', ...day(3, 2, 1, 0) },
    { date: '2026-11-25', ...day(7, 5, 2, 1) },
  ]);
  expect(data.labels).toEqual(['24 de nov.', '25 de nov.']);
  expect(data.columns).toEqual([
    [0, 1],
    [3, 7],
    [2, 5],
    [1, 2],
    [0, 1],
  ]);
});
