-- Webhook mode across instances (docs/decisions.md#webhook-queue): whichever instance Telegram's POST reaches writes
-- the update here and answers 200 only after the commit; the bot's lease owner (bot_polling) takes the waiting rows
-- in update_id order and handles them. The primary key is the deduplication: a re-sent update_id conflicts.
create table webhook_updates (
  bot_id uuid not null references bots (id) on delete cascade,
  update_id bigint not null,
  -- the update as Telegram sent it; dropped (null) once taken, the row stays a day to catch re-sends
  payload jsonb,
  received_at timestamptz not null default now(),
  -- set by the owner that took it, in the write that takes it (before handling: at most once)
  handled_at timestamptz,
  -- server_instances.id of that owner (no foreign key: instance rows go)
  handled_by uuid,
  primary key (bot_id, update_id)
);
-- The waiting rows only: what an owner takes, in order.
create index webhook_updates_waiting_idx on webhook_updates (bot_id, update_id) where handled_at is null;
-- Pruning taken rows after a day.
create index webhook_updates_handled_idx on webhook_updates (handled_at) where handled_at is not null;
