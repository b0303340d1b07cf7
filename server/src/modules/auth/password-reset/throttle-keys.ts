/**
 * Reset requests are counted with the login throttle's machinery (auth/throttle.ts), before anything else is done:
 * - per e-mail, from anywhere: 3 free, then one per window of 5 min doubling up to 1 h, so nobody floods a mailbox;
 * - per client address: 10 free, then windows of 1 min doubling up to 1 h, so nobody sprays requests over many
 *   e-mails (each costs an SMTP connection).
 * The counters do not know whether the e-mail has an account: the answer is the same either way.
 */
import type { ThrottleKey, ThrottleRule } from '../throttle.ts';

const DAY = 24 * 3600;
export const RESET_EMAIL_RULE: ThrottleRule = { free: 3, baseSeconds: 300, maxSeconds: 3600, forgetAfterSeconds: DAY };
export const RESET_ADDRESS_RULE: ThrottleRule = { free: 10, baseSeconds: 60, maxSeconds: 3600, forgetAfterSeconds: DAY };

export const resetThrottleKeys = (address: string, email: string): ThrottleKey[] => [
  { key: `reset-address:${address}`, rule: RESET_ADDRESS_RULE },
  { key: `reset-email:${email}`, rule: RESET_EMAIL_RULE },
];
