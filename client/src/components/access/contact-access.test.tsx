import { useDom } from '../../test-support/setup-dom.ts';
import { afterEach, expect, test } from 'bun:test';
import type { AccessMember } from '@shared/access/members.ts';
import { render } from '../../test-support/render.tsx';
import { ContactAccessList } from './contact-access.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const access = (planName: string, status: AccessMember['status'], accessUntil: string | null): AccessMember => ({
  id: planName, planId: 'p', planName, status, email: 'ana@exemplo.com', name: null, phone: null, telegramId: '7', contactId: 'c', source: 'kiwify',
  transactionId: null, claimLink: null, accessUntil, amountCents: null, currency: null, createdAt: '2026-11-01T12:00:00.000Z', history: [],
});

test("the contact's accesses show each plan, its state in words and until when (pt-BR date or Vitalício)", async () => {
  await render(<ContactAccessList members={[access('VIP Mensal', 'GRACE', '2026-12-05T12:00:00.000Z'), access('Mentoria', 'ACTIVE', null)]} />);
  expect([...document.querySelectorAll('[data-testid="contact-access"]')].map((item) => item.textContent)).toEqual([
    'VIP MensalEm carênciaAté 05/12/2026',
    'MentoriaAtivoVitalício',
  ]);
});
