-- Telegram runtime (issue 3). getMe's answer is kept so a bot starts without calling getMe again (grammY's
-- botInfo option): a server with many bots boots without a burst of getMe calls.
alter table bots add column bot_info jsonb;

-- The bot's administrator rights in each chat (join requests need can_invite_users) and the chat's public
-- username, both refreshed by my_chat_member updates and by Sincronizar.
alter table channels add column bot_rights jsonb;
alter table channels add column username text;
create index channels_chat_idx on channels (chat_id);

-- One welcome message per channel record (docs/product.md#entity-welcome; docs/decisions.md#d-welcome). Deleting the channel (or its bot) deletes it.
create table welcome_messages (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null unique references channels (id) on delete cascade,
  message text not null,
  enabled boolean not null,
  trigger_on text not null check (trigger_on in ('ON_MEMBER_JOINED', 'ON_JOIN_REQUEST_APPROVED')),
  auto_approve boolean not null,
  send_to_private boolean not null,
  buttons jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Contacts (docs/decisions.md#d-contacts): one per (bot, Telegram user), upserted by every update that has a user.
create table contacts (
  id uuid primary key default gen_random_uuid(),
  bot_id uuid not null references bots (id) on delete cascade,
  telegram_id bigint not null,
  first_name text not null,
  last_name text,
  username text,
  is_bot boolean not null default false,
  language_code text,
  phone_number text,
  message_count integer not null default 0,
  last_interaction_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bot_id, telegram_id)
);
create index contacts_bot_last_idx on contacts (bot_id, last_interaction_at desc);

-- Private conversation history for the inbox: every private message in, every message the product sends out.
-- payload keeps Telegram's whole message object (media, buttons, entities) so the inbox can render it later
-- without another schema change; text is the searchable text or caption.
create table messages (
  id bigint generated always as identity primary key,
  bot_id uuid not null references bots (id) on delete cascade,
  contact_id uuid not null references contacts (id) on delete cascade,
  chat_id bigint not null,
  direction text not null check (direction in ('in', 'out')),
  telegram_message_id bigint,
  text text,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index messages_contact_time_idx on messages (contact_id, created_at, id);
create index messages_bot_time_idx on messages (bot_id, created_at desc);

-- Welcome messages that could not be delivered (docs/decisions.md#d-welcome: a channel's private attempt is the only one; its
-- failure is recorded, not retried). Operators and later screens can see why a member got nothing.
create table delivery_failures (
  id bigint generated always as identity primary key,
  bot_id uuid not null references bots (id) on delete cascade,
  channel_id uuid references channels (id) on delete cascade,
  telegram_user_id bigint not null,
  purpose text not null,
  error_code integer,
  description text not null,
  created_at timestamptz not null default now()
);
create index delivery_failures_bot_idx on delivery_failures (bot_id, created_at desc);
