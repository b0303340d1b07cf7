import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AccessRevenue, RevenueDay } from '@shared/access/revenue.ts';
import { render } from '../../../test-support/render.tsx';
import { revenueQuery } from '../api/access-revenue.ts';
import { RevenueCard } from './revenue-card.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const PLAN = '22222222-2222-4222-8222-222222222222';
const day = (date: string, figures: Partial<RevenueDay> = {}): RevenueDay => ({ date, revenueCents: 0, refundedCents: 0, sales: 0, stars: 0, ...figures });

/** The card over a cached answer for the last 30 days, as if the server had answered; nothing is fetched. */
async function renderCard(series: RevenueDay[], planId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  const revenue: AccessRevenue = { days: 30, timeZone: 'America/Sao_Paulo', planId: planId ?? null, series };
  client.setQueryData(revenueQuery(30, planId).key, revenue);
  await render(
    <QueryClientProvider client={client}>
      <RevenueCard planId={planId} online={false} />
    </QueryClientProvider>,
  );
}

const figure = (key: string) => document.querySelector(`[data-testid="revenue-${key}"]`)?.textContent?.replace(/\s/g, ' ');

describe('revenue card', () => {
  test('the period totals in reais: sales, refunds apart, net; Stars counted as Stars; each day in the chart table', async () => {
    await renderCard([day('2026-11-25', { revenueCents: 14_690, sales: 2 }), day('2026-11-26', { refundedCents: 4990 }), day('2026-11-27', { revenueCents: 100_000, sales: 2, stars: 250 })], PLAN);
    expect(figure('revenue')).toBe('R$ 1.146,90');
    expect(figure('refunded')).toBe('R$ 49,90');
    expect(figure('net')).toBe('R$ 1.097,00');
    expect(figure('sales')).toBe('4');
    expect(figure('stars')).toBe('250');
    expect(document.body.textContent).toContain('Deste plano, em reais');
    const rows = [...document.querySelectorAll('tbody tr')].map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual(['25 de nov.R$ 146,90R$ 0,00', '26 de nov.R$ 0,00R$ 49,90', '27 de nov.R$ 1.000,00R$ 0,00']);
  });

  test('a period without sales says so instead of drawing zeros, and shows no Stars figure', async () => {
    await renderCard([day('2026-11-26'), day('2026-11-27')]);
    expect(document.body.textContent).toContain('Nenhuma venda no período.');
    expect(document.body.textContent).toContain('Todos os planos, em reais');
    expect(document.querySelector('table')).toBeNull();
    expect(figure('stars')).toBeUndefined();
    expect(figure('net')).toBe('R$ 0,00');
  });
});
