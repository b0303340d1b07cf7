-- Broadcasts (docs/product.md#entity-broadcast, docs/decisions.md#d-broadcasts and #broadcast-delivery).

-- Messages a second this bot sends broadcasts at (Telegram: ~30; paid broadcasts up to 1 000). All broadcasts of
-- the bot share it.
alter table bots add column broadcast_rate integer not null default 30 check (broadcast_rate between 1 and 1000);

-- A contact who blocked the bot (403 during a broadcast): later broadcasts skip it with a reason. Cleared when the
-- contact writes to the bot again.
alter table contacts add column blocked_at timestamptz;

create table broadcasts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  name text not null,
  message text not null default '',
  media_type text check (media_type in ('IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT')),
  media_url text,
  caption text,
  -- Telegram's file_id once the media was uploaded by this broadcast's bot: every later recipient gets the id.
  media_file_id text,
  buttons jsonb not null default '[]'::jsonb,
  target_type text not null default 'ALL' check (target_type in ('ALL', 'SELECTED')),
  contact_ids uuid[] not null default array[]::uuid[],
  status text not null default 'DRAFT' check (status in ('DRAFT', 'SCHEDULED', 'SENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
  scheduled_for timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index broadcasts_user_created_idx on broadcasts (user_id, created_at desc, id);
create index broadcasts_bot_idx on broadcasts (bot_id);
create index broadcasts_sending_idx on broadcasts (bot_id) where status = 'SENDING';

-- The audience of a sent broadcast, one row per chat, materialised by INSERT … SELECT when sending starts. The
-- primary key makes a second row for the same chat impossible. status: pending → sending (claimed under a lease)
-- → sent | failed; skipped rows never leave. A 'sending' row whose lease ran out is never sent again: it becomes
-- failed "resultado incerto" (docs/decisions.md#broadcast-delivery).
create table broadcast_recipients (
  broadcast_id uuid not null references broadcasts (id) on delete cascade,
  telegram_id bigint not null,
  contact_id uuid references contacts (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  reason text,
  -- A failure that may be tried again by "send again" (FAILED → SENDING): never one Telegram may have delivered.
  retryable boolean not null default false,
  telegram_message_id bigint,
  attempts smallint not null default 0,
  not_before timestamptz,
  lease_token uuid,
  lease_expires_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (broadcast_id, telegram_id)
);
create index broadcast_recipients_status_idx on broadcast_recipients (broadcast_id, status);
create index broadcast_recipients_lease_idx on broadcast_recipients (lease_expires_at) where status = 'sending';
create index broadcast_recipients_contact_idx on broadcast_recipients (contact_id);
