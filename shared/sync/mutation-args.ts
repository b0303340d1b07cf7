/** Building blocks of the per-feature mutation args schemas (shared/<feature>/mutations.ts). */
import { z } from 'zod';

export const mutationId = z.uuid({ error: 'Identificador inválido' });

/** Creations offline carry the id the client already shows; without it the server would invent another one. */
const ID_REQUIRED = 'Identificador obrigatório para alterações offline';

/** Refines a creation's args so that `args[key].id` is present (the client's id of the new row). */
export const requireClientId =
  <K extends string>(key: K) =>
  <S extends z.ZodType<Record<K, { id?: string | undefined }>>>(schema: S) =>
    schema.refine((args) => args[key].id !== undefined, { error: ID_REQUIRED, path: [key, 'id'] });
