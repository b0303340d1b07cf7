import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { act } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { render } from '../../../test-support/render.tsx';
import { DataExportSection } from './data-export-section.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

type Call = { url: string; authorization: string | null };
let calls: Call[];
let saved: { href: string; download: string }[];
let answer: () => Response;
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  saved = [];
  sessionStore().setTokens({ accessToken: 'acesso-atual', refreshToken: 'renovacao' });
  globalThis.fetch = Object.assign(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    return answer();
  }, { preconnect: realFetch.preconnect });
  spyOn(URL, 'createObjectURL').mockReturnValue('blob:exportacao');
  spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
});

const button = () => [...document.querySelectorAll('button')].find((element) => element.textContent?.includes('Baixar meus dados'));

describe('Exportar meus dados', () => {
  test('downloads GET /api/account/export with the session, under the name the server gave', async () => {
    answer = () => new Response('{"format":"canalize.account"}', { headers: { 'content-disposition': 'attachment; filename="canalize-dados-2026-11-27.json"' } });
    await render(<DataExportSection online />);
    expect(document.querySelector('h2')?.textContent).toBe('Exportar meus dados');
    expect(document.body.textContent).toContain('sem os tokens');
    await act(async () => button()?.click());
    expect(calls).toEqual([{ url: '/api/account/export', authorization: 'Bearer acesso-atual' }]);
    expect(saved).toEqual([{ href: 'blob:exportacao', download: 'canalize-dados-2026-11-27.json' }]);
  });

  test('a refusal saves nothing and the button is usable again', async () => {
    answer = () => new Response('{"success":false}', { status: 500 });
    await render(<DataExportSection online />);
    await act(async () => button()?.click());
    expect(saved).toEqual([]);
    expect(button()?.disabled).toBe(false);
  });
});
