-- API keys of a workspace ("Chaves de API", shared/api-keys/schemas.ts). Only the SHA-256 of the secret is kept:
-- the secret is 196 random bits, so a fast hash cannot be reversed by guessing, and a lookup by hash costs one
-- index probe per request. display_prefix is the secret's first characters, shown in the list to tell keys apart.
-- A revoked key stays (revoked_at) so the audit log can still name it; user_id is the workspace, as everywhere.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  display_prefix text not null,
  secret_hash text not null unique,
  scopes text[] not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_workspace_idx on api_keys (user_id, created_at desc);

-- The key a line was written with (null: a person or the system), kept as an id only like actor_id.
alter table audit_log add column api_key_id uuid;
