/**
 * Every argon2id hash and verification of the process goes through one queue: each takes 64 MiB for tens of
 * milliseconds, so a burst of registrations or logins computed at once would exhaust memory and starve every other
 * request. A burst waits its turn instead; the throttles (throttle.ts) keep the queue short.
 */
import { availableParallelism } from 'node:os';
import { createConcurrencyLimit } from '../../lib/concurrency-limit.ts';

/** One per core, at most 4: argon2id is CPU-bound, so more at once only adds memory. */
export const passwordWork = createConcurrencyLimit(Math.max(1, Math.min(4, availableParallelism())));

export const hashPassword = (password: string) => passwordWork.run(() => Bun.password.hash(password, 'argon2id'));

export const verifyPassword = (password: string, hash: string) => passwordWork.run(() => Bun.password.verify(password, hash));
