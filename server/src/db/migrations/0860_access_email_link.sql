-- Linking a purchase by its e-mail in the bot's chat (docs/decisions.md#paid-access): /vincular asks for the
-- purchase e-mail, a 6-digit code is mailed to it, and typing the code links the accesses bought with that e-mail.
-- One short exchange per (bot, Telegram user), kept here so it survives restarts and any instance may continue it.
-- code_hash: SHA-256 of the code (written by the mailing job); attempts: wrong codes typed so far.
create table access_link_requests (
  bot_id uuid not null references bots (id) on delete cascade,
  telegram_id bigint not null,
  user_id uuid not null references users (id) on delete cascade,
  step text not null check (step in ('email', 'code')),
  email text,
  code_hash text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (bot_id, telegram_id)
);
create index access_link_requests_user_idx on access_link_requests (user_id);

-- Every e-mail code asked for, to throttle per Telegram user and per e-mail (its SHA-256, never the address).
create table access_link_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  telegram_id bigint not null,
  email_hash text not null,
  created_at timestamptz not null default now()
);
create index access_link_sends_telegram_idx on access_link_sends (bot_id, telegram_id, created_at);
create index access_link_sends_email_idx on access_link_sends (email_hash, created_at);
create index access_link_sends_user_idx on access_link_sends (user_id);

-- Removing the known members without access of a plan's chat, once the operator confirmed it (the dry-run): one
-- row per person and chat, its outcome written by the removal job.
create table access_unpaid_removals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references access_plans (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  telegram_id bigint not null,
  status text not null default 'pending' check (status in ('pending', 'removed', 'protected', 'absent', 'kept')),
  actor_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create unique index access_unpaid_removals_pending_idx on access_unpaid_removals (plan_id, chat_id, telegram_id) where status = 'pending';
create index access_unpaid_removals_plan_idx on access_unpaid_removals (plan_id, created_at desc);
create index access_unpaid_removals_user_idx on access_unpaid_removals (user_id);
