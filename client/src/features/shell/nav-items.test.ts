import { describe, expect, test } from 'bun:test';
import { canOpenPath, homePathFor, NAV_ITEMS, navItemsFor, titleForPath } from './nav-items.ts';

describe('shell navigation', () => {
  test('lists the entries of docs/product.md#shell in order', () => {
    expect(NAV_ITEMS.map(({ label, to }) => `${label} ${to}`)).toEqual([
      'Dashboard /dashboard',
      'Meus Bots /bots',
      'Fluxos /flows',
      'Funis /funnels',
      'Pixels /pixels',
      'Acessos /acessos',
      'Disparos /broadcasts',
      'Contatos /contacts',
      'Chat /chat',
      'Respostas rápidas /respostas-rapidas',
      'Equipe /team',
      'Webhooks /webhooks',
      'Minha conta /conta',
    ]);
  });

  test('shows each role only the screens of its areas, and starts an agent in the inbox', () => {
    // An agent opens Equipe for the workspace card alone (its name, "Sair da equipe").
    expect(navItemsFor('agent').map(({ to }) => to)).toEqual(['/contacts', '/chat', '/team', '/conta']);
    expect(navItemsFor('admin').map(({ to }) => to)).toEqual(NAV_ITEMS.map(({ to }) => to));
    expect([canOpenPath('agent', '/flows/7/edit'), canOpenPath('agent', '/contacts/bot-1'), canOpenPath('agent', '/channels/9')]).toEqual([false, true, false]);
    expect([homePathFor('agent'), homePathFor('owner')]).toEqual(['/chat', '/dashboard']);
    // Agents use quick replies in the chat; managing them is for owners and admins.
    expect([canOpenPath('agent', '/respostas-rapidas'), canOpenPath('admin', '/respostas-rapidas')]).toEqual([false, true]);
    // Paid access (plans, buyers' e-mails, webhook keys) is for owners and admins.
    // Outgoing webhooks carry every workspace event and their signing secrets: owners and admins.
    expect([canOpenPath('agent', '/webhooks'), canOpenPath('admin', '/webhooks'), titleForPath('/webhooks')]).toEqual([false, true, 'Webhooks']);
    expect([canOpenPath('agent', '/acessos/membros'), canOpenPath('admin', '/acessos/123'), titleForPath('/acessos/membros')]).toEqual([false, true, 'Acessos']);
  });

  test('titles a page by its own name or its entry, nested pages included, else the brand', () => {
    expect(titleForPath('/dashboard')).toBe('Dashboard');
    expect(titleForPath('/bots/123')).toBe('Meus Bots');
    expect(titleForPath('/contacts/bot-1')).toBe('Contatos');
    expect(titleForPath('/channels/9')).toBe('Canal');
    expect(titleForPath('/flows/7/edit')).toBe('Fluxos');
    expect(titleForPath('/conta')).toBe('Minha conta');
    expect(titleForPath('/settings')).toBe('Canalize');
    expect(titleForPath('/botsx')).toBe('Canalize');
  });
});
