-- Contacts import (shared/contacts/import.ts). A contact written from a file has never talked to the bot: Telegram
-- lets a bot message only people who started it, so broadcasts leave them out (awaiting_start) until their first
-- private message to the bot, which clears the mark (runtime/telegram/journal/contact-repository.ts).
alter table contacts add column awaiting_start boolean not null default false;

-- The broadcast audience's count reads this index alone; its predicate is the audience's own, now without them.
drop index if exists contacts_audience;
create index contacts_audience on contacts (bot_id) include (created_at, blocked_at)
  where not is_bot and telegram_id > 0 and not awaiting_start;

-- One import: the dry-run's findings, then the job's progress. `source` is the decoded file, kept only while the
-- import may still run (a dry-run not started within a day is deleted; the job clears it when it ends): it is the
-- contacts' personal data and has no other use. Errors quote no cell, only line, column and reason.
create table contact_imports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  created_by uuid references users (id) on delete set null,
  file_name text not null,
  status text not null check (status in ('validated', 'running', 'done', 'failed')),
  source text,
  separator text not null,
  mapping jsonb not null,
  total_rows integer not null,
  valid_rows integer not null,
  error_count integer not null,
  errors jsonb not null default '[]',
  new_labels text[] not null default '{}',
  processed integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index contact_imports_user_idx on contact_imports (user_id, created_at desc);
