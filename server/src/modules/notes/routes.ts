import { Elysia } from 'elysia';
import { z } from 'zod';
import { noteInputSchema } from '@shared/notes/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as notes from './service.ts';

const idParam = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** A conversation's internal notes (docs/product.md#api-messages), under the inbox's prefix: every role writes them. */
export function noteRoutes(deps: notes.NotesDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/messages' })
    .use(authGuard(deps.accessTokens))
    .get('/contact/:id/notes', async ({ userId, params }) => ok({ notes: await notes.listNotes(deps, userId, parseInput(idParam, params).id) }))
    .post('/contact/:id/notes', async ({ userId, actor, params, body }) =>
      ok({ note: await notes.createNote(deps, userId, parseInput(idParam, params).id, parseInput(noteInputSchema, body), actor.id) }));
}
