-- Password reset links (modules/password-reset): only the SHA-256 of each link's token is kept, so a copy of the
-- database cannot be turned into working links. A link is used once (used_at) and expires (expires_at); using one
-- marks every other link of the account used too, since the password they were meant to replace is gone.
create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);
