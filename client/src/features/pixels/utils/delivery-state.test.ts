import { describe, expect, test } from 'bun:test';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { deliveryView, formatAttempt } from './delivery-state.ts';

const NOW = new Date(2026, 10, 25, 14, 0, 0);
const at = (hours: number, minutes: number, seconds = 0, day = 25) => new Date(2026, 10, day, hours, minutes, seconds).toISOString();
const none = { delivered: 0, pending: 0, failed: 0, lastError: null, lastErrorAt: null, lastAttemptAt: null, nextAttemptAt: null };
const pixel = (delivery: Partial<Pixel['delivery']>, rest: Partial<Pick<Pixel, 'status' | 'lastError' | 'lastEventAt'>> = {}) =>
  ({ status: 'unused' as const, lastError: null, lastEventAt: null, ...rest, delivery: { ...none, ...delivery } });

describe('a pixel row tells where its events are', () => {
  test('nothing sent yet: "Sem eventos ainda"', () => {
    expect(deliveryView(pixel({}), NOW)).toEqual({ tone: 'idle', badge: 'Sem eventos ainda', lines: [], error: null });
  });

  test('events retrying: Pendente, the next try in pt-BR and why the last one failed', () => {
    const view = deliveryView(pixel({ pending: 2, lastError: 'O Meta respondeu HTTP 503', lastErrorAt: at(13, 59), lastAttemptAt: at(13, 59), nextAttemptAt: at(14, 0, 30) }), NOW);
    expect(view).toEqual({ tone: 'waiting', badge: 'Pendente', lines: ['2 eventos aguardando envio · próxima tentativa às 14:00:30'], error: 'Último erro: O Meta respondeu HTTP 503' });
  });

  test('retries spent: Falhou with the error, never "Sem eventos ainda"', () => {
    const view = deliveryView(pixel({ failed: 1, lastError: 'Não entregue após 40 tentativas. Último erro: HTTP 503', lastErrorAt: at(9, 5, 0, 24), lastAttemptAt: at(9, 5, 0, 24) }), NOW);
    expect(view).toEqual({ tone: 'error', badge: 'Falhou', lines: ['1 evento não entregue · último envio em 24/11 às 09:05'], error: 'Último erro: Não entregue após 40 tentativas. Último erro: HTTP 503' });
  });

  test('delivered after a failure: Entregue, the failure still counted and explained', () => {
    const view = deliveryView(pixel({ delivered: 1234, failed: 1, lastError: 'HTTP 503', lastErrorAt: at(10, 0), lastAttemptAt: at(13, 30) }, { status: 'ok', lastEventAt: at(13, 30) }), NOW);
    expect(view).toEqual({ tone: 'ok', badge: 'Entregue', lines: ['1.234 eventos entregues ao Meta · último envio às 13:30:00', '1 evento não entregue'], error: 'Último erro: HTTP 503' });
  });

  test("only a test event: the pixel's own status", () => {
    expect(deliveryView(pixel({}, { status: 'error', lastError: 'Invalid OAuth access token' }), NOW)).toMatchObject({ tone: 'error', badge: 'Erro no envio', error: 'Último erro do Meta: Invalid OAuth access token' });
    expect(deliveryView(pixel({}, { status: 'ok', lastEventAt: at(12, 0) }), NOW)).toMatchObject({ tone: 'ok', badge: 'Funcionando' });
  });

  test('formatAttempt: today by the time, another day with its date', () => {
    expect(formatAttempt(at(8, 7, 6), NOW)).toBe('às 08:07:06');
    expect(formatAttempt(at(8, 7, 6, 26), NOW)).toBe('em 26/11 às 08:07');
  });
});
