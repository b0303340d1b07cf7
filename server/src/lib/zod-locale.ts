/**
 * Zod's default issue texts are English. The shared schemas carry their own pt-BR texts, but a field without one
 * (e.g. `refreshToken: z.string().min(1)`) or a bad environment variable would still answer in English; this
 * switches the server process's defaults to Portuguese. Imported for its side effect by env.ts and validate.ts.
 */
import { z } from 'zod';

z.config(z.locales.pt());
