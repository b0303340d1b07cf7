import { expect, test } from 'bun:test';
import { conversionSteps } from './conversion.ts';

test('each step is a pt-BR share of the step before', () => {
  expect(conversionSteps({ days: 30, pageviews: 1200, clicks: 30, entries: 7 })).toEqual([
    { key: 'pageviews', label: 'Visitas', value: 1200 },
    { key: 'clicks', label: 'Cliques', value: 30, rate: '2,5%' },
    { key: 'entries', label: 'Entradas', value: 7, rate: '23,3%' },
  ]);
});

test('no share after a step of zero; entries through the link alone can pass 100%', () => {
  const steps = conversionSteps({ days: 30, pageviews: 0, clicks: 2, entries: 3 });
  expect(steps.map((step) => step.rate)).toEqual([undefined, undefined, '150%']);
});
