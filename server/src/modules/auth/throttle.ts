/**
 * Login throttling (decisions.md, "Login throttling"). Two counters per attempt, both checked and counted before
 * the password is verified, atomically (repository.claimLoginAttempt):
 * - per (client address, email): 5 attempts free, then one attempt per growing window (30 s, 1 min, 2 min, …
 *   up to 15 min). Someone guessing one account's password from one place slows to a crawl, while the owner,
 *   signing in from anywhere else, is never locked out by a stranger;
 * - per client address: 20 attempts free, then windows of 1 min doubling up to 1 h, so spraying many accounts
 *   from one address is throttled too.
 * A success clears its (address, email) counter and gives back its own attempt on the address counter. Counters
 * forget a key a day after its last attempt. IPv6 clients are counted per /64, the block one subscriber gets.
 * Registrations are counted per address with the same machinery: REGISTRATIONS_PER_ADDRESS free, then windows of
 * 1 min doubling up to 1 h; a success gives nothing back (each account costs a password hash and a row).
 */
export type ThrottleRule = { free: number; baseSeconds: number; maxSeconds: number; forgetAfterSeconds: number };

const DAY = 24 * 3600;
export const ACCOUNT_RULE: ThrottleRule = { free: 5, baseSeconds: 30, maxSeconds: 15 * 60, forgetAfterSeconds: DAY };
export const ADDRESS_RULE: ThrottleRule = { free: 20, baseSeconds: 60, maxSeconds: 3600, forgetAfterSeconds: DAY };

export type ThrottleKey = { key: string; rule: ThrottleRule };

export const loginThrottleKeys = (address: string, email: string): ThrottleKey[] => [
  { key: `address:${address}`, rule: ADDRESS_RULE },
  { key: `account:${address}:${email}`, rule: ACCOUNT_RULE },
];

export const registrationThrottleKeys = (address: string, free: number): ThrottleKey[] => [
  { key: `register:${address}`, rule: { free, baseSeconds: 60, maxSeconds: 3600, forgetAfterSeconds: DAY } },
];

export type ThrottleState = { attempts: number; idleSeconds: number; blockedForSeconds: number };

/** Seconds to wait before the next attempt, or 0 when one is allowed now. */
export const waitSeconds = (state: ThrottleState) => Math.max(0, Math.ceil(state.blockedForSeconds));

/** The counter after an allowed attempt, and how long the following one must wait (0: no wait). */
export function afterAttempt(state: ThrottleState, rule: ThrottleRule): { attempts: number; blockSeconds: number } {
  const attempts = (state.idleSeconds > rule.forgetAfterSeconds ? 0 : state.attempts) + 1;
  if (attempts < rule.free) return { attempts, blockSeconds: 0 };
  return { attempts, blockSeconds: Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (attempts - rule.free)) };
}
