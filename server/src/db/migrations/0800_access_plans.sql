-- Paid access ("Acessos", docs/decisions.md#paid-access): plans that sell entry to a bot's channels and groups,
-- the people who bought it, what happened to each, and every webhook a gateway sent. user_id is the workspace,
-- like every tenant table.

-- A plan grants its chats for duration_days (null: "vitalício") plus grace_days after expiry. The generic
-- webhook's HMAC key and the gateways' tokens are secrets: encrypted at rest with the bot tokens' key, the key shown
-- to owners only, the tokens never answered. product_ids: per gateway, the product that feeds this plan (a webhook
-- of another product is recorded as not processed).
create table access_plans (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  name text not null,
  duration_days integer check (duration_days is null or duration_days between 1 and 3650),
  grace_days integer not null default 1 check (grace_days between 0 and 90),
  active boolean not null default true,
  archived_at timestamptz,
  webhook_secret_encrypted text not null,
  gateway_tokens_encrypted jsonb not null default '{}'::jsonb,
  product_ids jsonb not null default '{}'::jsonb,
  price_cents integer check (price_cents is null or price_cents >= 0),
  currency text not null default 'BRL',
  rejected_webhooks integer not null default 0,
  last_rejected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index access_plans_user_idx on access_plans (user_id, created_at);
create index access_plans_bot_idx on access_plans (bot_id);

-- The chats a plan opens. A chat removed from the bot takes its rows with it.
create table access_plan_channels (
  plan_id uuid not null references access_plans (id) on delete cascade,
  channel_id uuid not null references channels (id) on delete cascade,
  user_id uuid not null,
  primary key (plan_id, channel_id)
);
create index access_plan_channels_channel_idx on access_plan_channels (channel_id);

-- One buyer's access to one plan. A purchase knows an e-mail; telegram_id arrives when the buyer opens the claim
-- link (claim_code: single use, unguessable, expiring; null once used). access_until null with ACTIVE is lifetime.
-- transaction_id / subscription_id: the gateway's, so renewals and refunds find the access they change.
create table access_members (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references access_plans (id) on delete cascade,
  status text not null check (status in ('AWAITING_LINK', 'ACTIVE', 'GRACE', 'EXPIRED', 'REFUNDED', 'CHARGEBACK', 'CANCELED', 'REVOKED')),
  email text,
  name text,
  phone text,
  telegram_id bigint,
  contact_id uuid references contacts (id) on delete set null,
  source text not null check (source in ('hotmart', 'kiwify', 'eduzz', 'generic', 'stars', 'manual')),
  transaction_id text,
  subscription_id text,
  claim_code text unique,
  claim_expires_at timestamptz,
  access_until timestamptz,
  amount_cents integer,
  currency text,
  funnel_visit_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index access_members_plan_idx on access_members (plan_id, status, access_until);
create index access_members_user_idx on access_members (user_id, created_at desc);
create index access_members_email_idx on access_members (plan_id, lower(email));
create index access_members_telegram_idx on access_members (plan_id, telegram_id);
create index access_members_due_idx on access_members (access_until) where status in ('ACTIVE', 'GRACE');

-- Every change of an access, with its cause: a webhook (webhook_id), an operator (actor_id), the schedule, Telegram.
create table access_member_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  member_id uuid not null references access_members (id) on delete cascade,
  status text not null,
  cause text not null check (cause in ('webhook', 'operator', 'schedule', 'telegram')),
  webhook_id uuid,
  actor_id uuid references users (id) on delete set null,
  access_until timestamptz,
  detail text,
  created_at timestamptz not null default now()
);
create index access_member_events_member_idx on access_member_events (member_id, created_at);
create index access_member_events_user_idx on access_member_events (user_id);
