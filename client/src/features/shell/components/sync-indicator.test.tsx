import { useDom } from '../../../test-support/setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { act } from 'react';
import { engineFor, wipeUserData, type SyncEngine } from '../../../offline/engine.ts';
import { enqueue } from '../../../offline/outbox.ts';
import { OfflineProvider } from '../../../offline/provider.tsx';
import { createFakeSyncApi } from '../../../offline/test-support/fake-sync-api.ts';
import { bot, flow, uuid } from '../../../offline/test-support/fixtures.ts';
import { render } from '../../../test-support/render.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

const api = createFakeSyncApi();
let engine: SyncEngine;
let view: Awaited<ReturnType<typeof render>> | null = null;
let users = 0;

beforeAll(() => api.install());
afterAll(() => api.uninstall());

beforeEach(() => {
  api.reset();
  engine = engineFor(`sync-indicator-test-${++users}`);
});

afterEach(async () => {
  await view?.unmount();
  view = null;
  await wipeUserData(engine.userId);
  document.body.innerHTML = '';
});

/** Re-renders (live queries settle outside React) until `check` holds. */
async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; page: ${document.body.textContent}`);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const status = () => document.querySelector('[role="status"][aria-label="Sincronização"]')?.textContent ?? '';
const buttonIn = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === name || button.getAttribute('aria-label') === name);
const click = (button: HTMLButtonElement | undefined) =>
  act(async () => {
    if (!button) throw new Error('no such button');
    button.click();
  });
const rejectedItems = () => [...document.querySelectorAll('[aria-label="Alterações recusadas"] > li')];
const rejectedLabels = () => rejectedItems().map((item) => item.getAttribute('aria-label'));

const mount = async () => {
  view = await render(
    <OfflineProvider userId={engine.userId}>
      <SyncIndicator />
    </OfflineProvider>,
  );
};

describe('refused changes in the sync panel', () => {
  test('lists each refused change with its pt-BR label and the server reason; Descartar and Descartar todas forget them', async () => {
    api.server.serverWrite('bots', bot(1));
    const { db } = engine;
    await db.bots.bulkPut([bot(1), bot(2)]);
    await db.flows.bulkPut([flow(10, uuid(1)), flow(11, uuid(1))]);
    // The server has since deleted bot 2 and both flows: three of these four changes will be refused.
    await enqueue(db, 'flow.setEnabled', { flowId: uuid(10), enabled: false });
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await enqueue(db, 'bot.setActive', { botId: uuid(2), isActive: false });
    await enqueue(db, 'flow.update', { flowId: uuid(11), changes: { name: 'Novo nome' } });

    await mount();
    await waitFor(() => status().includes('Online') && status().includes('3 alterações recusadas'), 'the refusals in the header');
    expect(status()).not.toContain('pendente');
    // Refused changes were taken back locally when the answer came; the accepted one stays.
    expect((await db.flows.get(uuid(10)))?.enabled).toBe(true);
    expect((await db.bots.get(uuid(2)))?.isActive).toBe(true);
    expect((await db.flows.get(uuid(11)))?.name).toBe('Fluxo 11');
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(false);

    await click(buttonIn(document, 'Ver alterações'));
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Alterações deste aparelho');
    expect(dialog?.textContent).toContain('Nenhuma alteração pendente');
    expect(dialog?.textContent).toContain('3 alterações recusadas');
    expect(rejectedLabels()).toEqual(['Desativar fluxo', 'Desativar bot', 'Editar fluxo']);
    expect(rejectedItems().map((item) => item.querySelector('.text-red-700')?.textContent)).toEqual([
      'Fluxo não encontrado',
      'Bot não encontrado',
      'Fluxo não encontrado',
    ]);

    const botItem = rejectedItems().find((item) => item.getAttribute('aria-label') === 'Desativar bot');
    await click(botItem && buttonIn(botItem, 'Descartar'));
    await waitFor(() => rejectedItems().length === 2, 'one refusal to go');
    expect(rejectedLabels()).toEqual(['Desativar fluxo', 'Editar fluxo']);
    expect((await db.rejected.toArray()).map((entry) => entry.mutationId)).toEqual([1, 4]);
    // Forgetting a refusal changes no row and queues nothing.
    expect((await db.bots.get(uuid(2)))?.isActive).toBe(true);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
    await waitFor(() => status().includes('2 alterações recusadas'), 'the header count to follow');

    await click(buttonIn(document, 'Descartar todas'));
    await waitFor(() => rejectedItems().length === 0, 'every refusal to go');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Nenhuma alteração recusada');
    expect(buttonIn(document, 'Descartar todas')).toBeUndefined();
    expect(await db.rejected.count()).toBe(0);
    expect(status()).not.toContain('recusada');
    expect(api.pushedIds()).toEqual([1, 2, 3, 4]);
  });

  test('a single refusal offers Descartar but not Descartar todas', async () => {
    await engine.db.bots.put(bot(2));
    await enqueue(engine.db, 'bot.setActive', { botId: uuid(2), isActive: false });
    await mount();
    await waitFor(() => status().includes('1 alteração recusada'), 'the refusal');
    await click(buttonIn(document, 'Ver alterações'));
    expect(rejectedLabels()).toEqual(['Desativar bot']);
    expect(buttonIn(document, 'Descartar todas')).toBeUndefined();
    await click(buttonIn(rejectedItems()[0] ?? document, 'Descartar'));
    await waitFor(() => rejectedItems().length === 0, 'the refusal to go');
    expect(await engine.db.rejected.count()).toBe(0);
  });

  test('offline, the header says so with the pending count and the panel lists what waits', async () => {
    api.network.mode = 'offline';
    await engine.db.bots.put(bot(1));
    await enqueue(engine.db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await enqueue(engine.db, 'flow.delete', { flowId: uuid(10) });
    await mount();
    await waitFor(() => status().includes('Offline') && status().includes('2 alterações pendentes'), 'the offline header');
    await click(buttonIn(document, 'Ver alterações'));
    const pending = [...document.querySelectorAll('[aria-label="Alterações pendentes"] > li')].map((item) => item.firstElementChild?.textContent);
    expect(pending).toEqual(['Desativar bot', 'Remover fluxo']);
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Nenhuma alteração recusada');
  });
});
