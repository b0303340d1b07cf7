import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AccessMember } from '@shared/access/members.ts';
import { ACCESS_TEXTS } from '@shared/access/texts.ts';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { clickButton, getByLabel, render, typeInto } from '../../../test-support/render.tsx';
import { renderInRouter } from '../../../test-support/render-in-router.tsx';
import { accessKeys } from '../api/access-requests.ts';
import { GrantModal } from './grant-modal.tsx';
import { MemberDetailModal } from './member-detail-modal.tsx';
import { MemberHistory } from './member-history.tsx';
import { MemberList } from './member-list.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const BOT: Bot = { id: '11111111-1111-4111-8111-111111111111', name: 'Loja', username: 'loja_bot', isActive: true, inactiveReason: null, broadcastRate: 30, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' };
const chat = (id: string, name: string, canRestrictMembers: boolean): Channel => ({
  id, botId: BOT.id, channelId: `-100${id.slice(0, 4)}`, channelName: name, channelType: 'supergroup', username: null,
  botRights: { canInviteUsers: true, canPostMessages: null, canDeleteMessages: true, canRestrictMembers },
});

/** A query client that never fetches: the form's choices come from the cache, as if the server had answered. */
function withCache(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(accessKeys.bots(), [BOT]);
  client.setQueryData(accessKeys.channels(BOT.id), [chat('33333333-3333-4333-8333-333333333333', 'Grupo VIP', true), chat('44444444-4444-4444-8444-444444444444', 'Sem banir', false)]);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

const hintOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;

const MEMBER: AccessMember = {
  id: 'm1', planId: 'p1', planName: 'VIP Mensal', status: 'AWAITING_LINK', email: 'ana@exemplo.com', name: 'Ana', phone: null, telegramId: null, contactId: null,
  source: 'hotmart', transactionId: 'HP123', claimLink: 'https://t.me/loja_bot?start=a_codigo', accessUntil: '2026-12-27T15:00:00.000Z', amountCents: 4990, currency: 'BRL',
  createdAt: '2026-11-27T15:00:00.000Z',
  history: [{ at: '2026-11-27T15:00:00.000Z', status: 'AWAITING_LINK', cause: 'webhook', accessUntil: '2026-12-27T15:00:00.000Z', detail: null, actorName: null }],
};

describe('plan form', () => {
  test('creating with nothing filled marks each field with its pt-BR reason', async () => {
    await renderInRouter(withCache(<PlanFormModal onClose={() => {}} />));
    await typeInto(getByLabel('Duração (dias)') as HTMLInputElement, '');
    await clickButton('Criar plano');
    expect(hintOf(getByLabel('Nome do plano'))).toBe(ACCESS_TEXTS.nameRequired);
    expect(hintOf(getByLabel('Bot'))).toBe(ACCESS_TEXTS.botRequired);
    expect(document.getElementById('plan-chats-error')?.textContent).toBe(ACCESS_TEXTS.channelsRequired);
    expect(hintOf(getByLabel('Duração (dias)'))).toBe(ACCESS_TEXTS.durationRequired);
    expect((getByLabel('Carência (dias)') as HTMLInputElement).value).toBe('1');
  });

  test("the chosen bot's chats are offered, one where it cannot ban says so; gateway tokens are write-only fields", async () => {
    await renderInRouter(withCache(<PlanFormModal onClose={() => {}} />));
    const select = getByLabel('Bot') as HTMLSelectElement;
    select.value = BOT.id;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const chats = [...document.querySelectorAll('fieldset li label')].map((label) => label.textContent);
    expect(chats).toEqual(['Grupo VIP', 'Sem banirO bot não pode convidar e banir aqui: dê essas permissões a ele no Telegram.']);
    for (const gateway of ['Hotmart', 'Kiwify', 'Eduzz']) expect((getByLabel(`Token da ${gateway}`) as HTMLInputElement).type).toBe('password');
  });
});

describe('grant form', () => {
  test('needs a plan when several exist and a valid e-mail', async () => {
    await render(withCache(<GrantModal plans={[]} planId={undefined} onClose={() => {}} />));
    await typeInto(getByLabel('E-mail') as HTMLInputElement, 'ana@');
    await clickButton('Conceder acesso');
    expect(hintOf(getByLabel('Plano'))).toBe('Escolha o plano');
    expect(hintOf(getByLabel('E-mail'))).toBe(ACCESS_TEXTS.emailInvalid);
  });
});

describe('members list', () => {
  test('each member shows its state as a labelled chip, e-mail, Telegram id, the pt-BR date or Vitalício, and the claim link while waiting', async () => {
    const active: AccessMember = { ...MEMBER, id: 'm2', status: 'ACTIVE', email: 'bia@exemplo.com', name: null, telegramId: '777', claimLink: null, accessUntil: null };
    await render(<MemberList members={[MEMBER, active]} showPlan onOpen={() => {}} empty={null} />);
    const rows = [...document.querySelectorAll('[data-testid="member-row"]')];
    expect(rows.map((row) => row.querySelector('[data-testid="access-status"]')?.textContent)).toEqual(['Aguardando vínculo', 'Ativo']);
    expect(rows[0]?.textContent).toContain('ana@exemplo.com');
    expect(rows[0]?.textContent).toContain('27/12/2026');
    expect(rows[1]?.textContent).toContain('777');
    expect(rows[1]?.textContent).toContain('Vitalício');
    const labels = (row: Element | undefined) => [...(row?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label'));
    expect(labels(rows[0])).toEqual(['Copiar link de vínculo de ana@exemplo.com', 'Detalhes de ana@exemplo.com']);
    expect(labels(rows[1])).toEqual(['Detalhes de bia@exemplo.com']);
  });

  test('the history names each cause in pt-BR and who acted', async () => {
    const history = [...MEMBER.history, { at: '2026-11-28T10:00:00.000Z', status: 'REVOKED' as const, cause: 'operator' as const, accessUntil: null, detail: 'Pedido do cliente', actorName: 'Dona Maria' }];
    await render(<MemberHistory history={history} />);
    const entries = [...document.querySelectorAll('[data-testid="history-entry"]')].map((entry) => entry.textContent ?? '');
    expect(entries[0]).toContain('Aguardando vínculoWebhook');
    expect(entries[1]).toContain('RevogadoOperadorpor Dona Maria');
    expect(entries[1]).toContain('Pedido do cliente');
  });
});

describe('member detail', () => {
  const buttons = () => [...document.querySelectorAll('button')].map((button) => button.textContent?.trim());
  test('Reembolsar is offered for Stars paid by invoice only, never for a gateway purchase or a channel subscription link', async () => {
    const cases: [AccessMember, boolean][] = [
      [{ ...MEMBER, status: 'ACTIVE', source: 'stars', transactionId: 'stxCharge123', claimLink: null }, true],
      [{ ...MEMBER, status: 'ACTIVE', source: 'stars', transactionId: null, claimLink: null }, false],
      [{ ...MEMBER, status: 'REFUNDED', source: 'stars', transactionId: 'stxCharge123', claimLink: null }, false],
      [MEMBER, false],
    ];
    for (const [member, offered] of cases) {
      const view = await render(withCache(<MemberDetailModal member={member} disabled={false} onClose={() => {}} />));
      expect([member.source, member.transactionId, member.status, buttons().includes('Reembolsar')]).toEqual([member.source, member.transactionId, member.status, offered]);
      await view.unmount();
      document.body.innerHTML = '';
    }
  });
});
