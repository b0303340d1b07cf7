/**
 * The persisted session's schema, built from the shared user and token schemas. Its own module so zod stays out of
 * the first screen: session-store.ts loads it only when storage holds a session to read (prepareSessionStore).
 */
import { tokensSchema, userSchema } from '@shared/auth/schemas.ts';
import { workspaceSchema } from '@shared/team/schemas.ts';
import { z } from 'zod';

const persistedSessionSchema = z.object({
  user: userSchema.nullable(),
  tokens: tokensSchema.nullable(),
  isAuthenticated: z.boolean(),
  // Absent on sessions stored before workspaces: they act in the account's own.
  workspace: workspaceSchema.nullable().optional(),
});

export type PersistedSession = z.infer<typeof persistedSessionSchema>;

/** The stored session, or null when it does not match the schema. */
export function parsePersistedSession(value: unknown): PersistedSession | null {
  const parsed = persistedSessionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
