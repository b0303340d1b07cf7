-- Login throttling by client address and by (address, email), with growing waits (modules/auth/throttle.ts).
-- One row per key; an attempt is counted before the password is checked, in the same transaction that reads the
-- row under a lock, so a burst of parallel attempts cannot all pass the check. Replaces the per-email failure log,
-- whose lock-out anyone could trigger for someone else's account.
create table login_throttle (
  key text primary key,
  attempts integer not null default 0,
  last_attempt_at timestamptz not null default now(),
  blocked_until timestamptz
);

drop table login_attempts;
