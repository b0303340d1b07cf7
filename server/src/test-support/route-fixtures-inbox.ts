/** The route fixtures (route-fixtures.ts) of a team's inbox: internal notes and quick replies. */
import { noteInputSchema } from '@shared/notes/schemas.ts';
import { quickReplyInputSchema, quickReplyPatchSchema } from '@shared/quick-replies/schemas.ts';
import type { RouteFixture } from './route-fixture-types.ts';

const shortcut = () => `r${crypto.randomUUID().slice(0, 8)}`;

export const INBOX_ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /api/messages/contact/:id/notes': {},
  'POST /api/messages/contact/:id/notes': {
    body: { schema: noteInputSchema, valid: () => ({ id: crypto.randomUUID(), text: 'Cliente pediu retorno amanhã' }) },
    crossTenant: (victim, attacker) => [
      { label: "own contact, victim's note id", takenId: true, params: { id: attacker.contactId }, body: { id: victim.noteId, text: 'Oi' } },
    ],
  },
  'GET /api/quick-replies/': {},
  'POST /api/quick-replies/': { body: { schema: quickReplyInputSchema, valid: () => ({ shortcut: shortcut(), text: 'Olá {firstName}!' }) } },
  'PATCH /api/quick-replies/:id': { body: { schema: quickReplyPatchSchema, valid: () => ({ text: 'Olá de novo, {firstName}!' }) } },
  'DELETE /api/quick-replies/:id': {},
};
