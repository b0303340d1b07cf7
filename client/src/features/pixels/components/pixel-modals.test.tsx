import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { PIXEL_TEXTS, type Pixel } from '@shared/pixels/schemas.ts';
import { getByLabel, render } from '../../../test-support/render.tsx';
import { TOKEN_KEEP_HINT } from './pixel-fields.tsx';
import { PixelFormModal } from './pixel-form-modal.tsx';
import { PixelList } from './pixel-list.tsx';
import { TestEventModal } from './test-event-modal.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const PIXEL: Pixel = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Loja principal',
  pixelId: '123456789012345',
  tokenPreview: 'EAAB••••••3xZq',
  status: 'error',
  lastError: 'Invalid OAuth access token',
  lastErrorAt: '2026-11-25T12:00:00.000Z',
  lastEventAt: null,
  pendingEvents: 0,
  delivery: { delivered: 0, pending: 0, failed: 0, lastError: null, lastErrorAt: null, lastAttemptAt: null, nextAttemptAt: null },
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-25T12:00:00.000Z',
};

const withClient = (ui: ReactNode) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>{ui}</QueryClientProvider>;
const button = (name: string) => [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
const submit = (name: string) =>
  act(async () => {
    button(name)?.click();
  });

describe('pixel modals', () => {
  test('registering with nothing filled shows the docs sentence once and marks every field', async () => {
    await render(withClient(<PixelFormModal open mode="create" onClose={() => {}} />));
    await submit('Cadastrar');
    expect([...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent)).toEqual([PIXEL_TEXTS.createRequired]);
    for (const label of ['Nome', 'Pixel ID', 'Token de acesso']) expect(getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent?.split(PIXEL_TEXTS.createRequired)).toHaveLength(2);
  });

  test('editing starts from the pixel, the token blank with the keep hint', async () => {
    await render(withClient(<PixelFormModal open mode="edit" pixel={PIXEL} onClose={() => {}} />));
    expect((getByLabel('Nome') as HTMLInputElement).value).toBe('Loja principal');
    expect((getByLabel('Pixel ID') as HTMLInputElement).value).toBe('123456789012345');
    const token = getByLabel('Token de acesso') as HTMLInputElement;
    expect(token.value).toBe('');
    expect(token.required).toBe(false);
    expect(document.getElementById(token.getAttribute('aria-describedby') ?? '')?.textContent).toContain(TOKEN_KEEP_HINT);
  });

  test('the test event needs the code from Meta', async () => {
    await render(withClient(<TestEventModal pixel={PIXEL} onClose={() => {}} />));
    await submit('Enviar evento teste');
    const code = getByLabel('Código do evento teste');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PIXEL_TEXTS.testCodeRequired);
  });
});

describe('pixel list', () => {
  test("shows the refused pixel's state with Meta's error, the masked token and the pt-BR date; icon buttons are named", async () => {
    await render(<PixelList pixels={[PIXEL, { ...PIXEL, id: 'b', name: 'Outro', status: 'ok', lastError: null }]} disabled={false} onAction={() => {}} />);
    const row = document.querySelector('[data-testid="pixel-row"]');
    expect(row?.textContent).toContain(PIXEL_TEXTS.statusError);
    expect(row?.textContent).toContain(PIXEL_TEXTS.lastError('Invalid OAuth access token'));
    expect(row?.textContent).toContain('EAAB••••••3xZq');
    expect(row?.textContent).toContain('25 de nov. de 2026');
    // Its name and Meta's Pixel ID, never the internal id.
    expect(row?.textContent).toContain(PIXEL.pixelId);
    expect(row?.textContent).not.toContain(PIXEL.id);
    expect([...(row?.querySelectorAll('button') ?? [])].map((element) => element.getAttribute('aria-label'))).toEqual([
      'Evento teste Loja principal',
      'Editar Loja principal',
      'Remover Loja principal',
    ]);
    expect([...document.querySelectorAll('[data-testid="pixel-status"]')].map((badge) => badge.textContent)).toContain(PIXEL_TEXTS.statusOk);
  });

  test('events failing against Meta show as pending with the next try and the error, not "Sem eventos ainda"', async () => {
    const retrying = { ...PIXEL, status: 'unused' as const, lastError: null, delivery: { ...PIXEL.delivery, pending: 1, lastError: 'O Meta respondeu HTTP 503', lastErrorAt: '2026-11-25T12:00:00.000Z', lastAttemptAt: '2026-11-25T12:00:00.000Z', nextAttemptAt: '2026-11-25T12:00:02.000Z' } };
    await render(<PixelList pixels={[retrying]} disabled={false} onAction={() => {}} />);
    const row = document.querySelector('[data-testid="pixel-row"]');
    expect(row?.querySelector('[data-testid="pixel-status"]')?.textContent).toBe('Pendente');
    expect(row?.textContent).not.toContain(PIXEL_TEXTS.statusUnused);
    expect(row?.textContent).toContain('1 evento aguardando envio · próxima tentativa');
    expect(row?.textContent).toContain('Último erro: O Meta respondeu HTTP 503');
  });
});
