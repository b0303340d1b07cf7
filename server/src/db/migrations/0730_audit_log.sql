-- Who did what in an account (docs/security.md#second-pass): one row per sensitive action, written in the action's
-- own transaction so an action and its line commit together or not at all (modules/audit/recorder.ts).
--
-- account_id is the tenant the line belongs to (today the account's users.id; a workspace later) and goes with the
-- account; actor_id is the user who acted (null for the system), kept as an id only. detail is machine data for
-- the action (ids, counts), never personal data beyond ids: an erasure's line must not keep what it erased.
-- client_address is the address as the rate limits see it (an IPv6 reduced to its /64: where from, not who).
create table audit_log (
  id bigint generated always as identity primary key,
  account_id uuid not null references users (id) on delete cascade,
  actor_id uuid,
  action text not null check (action ~ '^[a-z]+(\.[a-z_]+)+$'),
  target_type text,
  target_id text,
  detail jsonb not null default '{}'::jsonb,
  client_address text,
  user_agent text,
  created_at timestamptz not null default now()
);
-- The account's log newest first, paged by id (the insertion order: created_at is the transaction's start, which
-- a long transaction can leave behind a later line's).
create index audit_log_account_idx on audit_log (account_id, id desc);
