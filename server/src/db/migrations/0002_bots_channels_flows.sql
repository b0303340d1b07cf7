-- Bots: the token is write-only, kept AES-256-GCM encrypted; token_hash (SHA-256) finds duplicates without
-- decrypting every row (docs/decisions.md#d-bots-channels: "Este bot já está cadastrado").
create table bots (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  telegram_id bigint not null,
  name text not null,
  username text not null,
  token_encrypted text not null,
  token_hash text not null unique,
  is_active boolean not null default true,
  inactive_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bots_user_idx on bots (user_id);
create index bots_telegram_id_idx on bots (telegram_id);

-- Chats where the bot is an administrator, learned from my_chat_member updates (docs/decisions.md#d-bots-channels).
create table channels (
  id uuid primary key default gen_random_uuid(),
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  title text not null,
  type text not null check (type in ('group', 'supergroup', 'channel')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bot_id, chat_id)
);

-- Flows without their graph (nodes and connections come with the editor issue).
create table flows (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  name text not null,
  description text,
  enabled boolean not null default true,
  trigger jsonb not null default '{"type": "MESSAGE"}'::jsonb,
  execution_contexts text[] not null default array['private', 'group', 'supergroup']::text[],
  allowed_channel_ids text[] not null default array[]::text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flows_user_idx on flows (user_id);
create index flows_bot_idx on flows (bot_id);
