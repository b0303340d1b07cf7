-- Accounts (docs/decisions.md#d-accounts): emails are stored trimmed and lower-cased; the unique index on lower(email) keeps
-- uniqueness case-insensitive even if a future writer forgets to normalise.
create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower_key on users (lower(email));

-- Refresh tokens are stored only as SHA-256 hashes. A family is one login's chain of rotations: reuse of a
-- rotated token revokes the whole family (stolen-token detection).
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id);

-- Failed logins per email, persisted so throttling survives restarts and holds across server processes.
create table login_attempts (
  id bigint generated always as identity primary key,
  email text not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_email_time_idx on login_attempts (email, attempted_at);
