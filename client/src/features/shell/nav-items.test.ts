import { describe, expect, test } from 'bun:test';
import { NAV_ITEMS, titleForPath } from './nav-items.ts';

describe('shell navigation', () => {
  test('lists the entries of docs/product.md#shell in order', () => {
    expect(NAV_ITEMS.map(({ label, to }) => `${label} ${to}`)).toEqual([
      'Dashboard /dashboard',
      'Meus Bots /bots',
      'Fluxos /flows',
      'Funis /funnels',
      'Pixels /pixels',
      'Disparos /broadcasts',
      'Contatos /contacts',
      'Chat /chat',
    ]);
  });

  test('titles a page by its own name or its entry, nested pages included, else the brand', () => {
    expect(titleForPath('/dashboard')).toBe('Dashboard');
    expect(titleForPath('/bots/123')).toBe('Meus Bots');
    expect(titleForPath('/contacts/bot-1')).toBe('Contatos');
    expect(titleForPath('/channels/9')).toBe('Canal');
    expect(titleForPath('/flows/7/edit')).toBe('Fluxos');
    expect(titleForPath('/settings')).toBe('Canalize');
    expect(titleForPath('/botsx')).toBe('Canalize');
  });
});
