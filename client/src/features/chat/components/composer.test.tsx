import { useDom } from '../../../test-support/setup-dom.ts';
import { afterEach, describe, expect, test } from 'bun:test';
import { act } from 'react';
import type { QuickReply } from '@shared/quick-replies/schemas.ts';
import { render } from '../../../test-support/render.tsx';
import { quickReplyQuery } from '../hooks/use-quick-reply-picker.ts';
import { Composer } from './composer.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

afterEach(() => {
  document.body.innerHTML = '';
});

const at = '2026-01-01T00:00:00.000Z';
const reply = (shortcut: string, text: string): QuickReply => ({ id: `id-${shortcut}`, shortcut, text, createdAt: at, updatedAt: at });
const REPLIES = [reply('preco', 'Nossos preços, {firstName}'), reply('atendimento', 'Olá {firstName} {lastName}, em que posso ajudar?'), reply('atraso', 'Desculpe o atraso, {username}!')];
const contact = { firstName: 'Maria', lastName: 'Silva', username: 'maria' };

async function mount() {
  const sent: string[] = [];
  const notes: string[] = [];
  const onSend = async (text: string) => (sent.push(text), true);
  const onNote = async (text: string) => (notes.push(text), true);
  await render(<Composer onSend={onSend} onNote={onNote} quickReplies={REPLIES} contact={contact} />);
  return { sent, notes };
}

const box = () => document.querySelector('textarea') as HTMLTextAreaElement;
const options = () => [...document.querySelectorAll('[role="option"]')].map((option) => [option.querySelector('span')?.textContent, option.getAttribute('aria-selected')]);
/** Types as a user would for React under happy-dom (see funnel-modals.test.tsx). */
const type = (text: string) =>
  act(async () => {
    box().focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box(), text);
    box().dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }));
  });
const press = (key: string) => act(async () => void box().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const click = (element: Element | null | undefined) => act(async () => void (element as HTMLElement).click());

describe('the / picker of the reply box', () => {
  test('only a leading / and one word ask for a quick reply', () => {
    expect(quickReplyQuery('/ate')).toBe('ate');
    expect(quickReplyQuery('/')).toBe('');
    expect(quickReplyQuery('/ate logo')).toBeNull();
    expect(quickReplyQuery('oi /ate')).toBeNull();
  });

  test('typing /at lists the matches, shortcuts that start with it first; arrows move and Enter inserts with the names filled', async () => {
    const { sent } = await mount();
    await type('/at');
    expect(options()).toEqual([['/atendimento', 'true'], ['/atraso', 'false']]);
    await press('ArrowDown');
    expect(options()).toEqual([['/atendimento', 'false'], ['/atraso', 'true']]);
    await press('ArrowUp');
    await press('Enter');
    expect(box().value).toBe('Olá Maria Silva, em que posso ajudar?');
    expect(options()).toEqual([]);
    expect(sent).toEqual([]);
    // The next Enter sends the inserted text.
    await press('Enter');
    expect(sent).toEqual(['Olá Maria Silva, em que posso ajudar?']);
  });

  test('a tap inserts; Escape closes the list until the word changes', async () => {
    await mount();
    await type('/');
    expect(options()).toHaveLength(3);
    await press('Escape');
    expect(options()).toEqual([]);
    await type('/p');
    expect(options()).toEqual([['/preco', 'true']]);
    await click(document.querySelector('[role="option"]'));
    expect(box().value).toBe('Nossos preços, Maria');
  });

  test('no match says so; a note is not a place for quick replies and never goes to onSend', async () => {
    const { sent, notes } = await mount();
    await type('/xyz');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Nenhuma resposta rápida com este atalho');
    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Nota interna'));
    expect(document.querySelector('[role="status"]')).toBeNull();
    await type('Cliente pediu retorno amanhã');
    await press('Enter');
    expect(notes).toEqual(['Cliente pediu retorno amanhã']);
    expect(sent).toEqual([]);
  });
});
