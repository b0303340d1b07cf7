-- Funnels (docs/product.md#entity-funnel, docs/decisions.md#d-funnels-pixel and #funnel-tracking).

-- A funnel is an invite link of one channel of one bot. `public_id` is the id the tracking script's URL carries
-- (/api/js/{public_id}.js): a landing page shows it to everyone, so it is not the row's id the console uses.
create table funnels (
  id uuid primary key default gen_random_uuid(),
  public_id uuid not null unique default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  channel_id uuid not null references channels (id) on delete cascade,
  name text not null,
  description text,
  landing_url text,
  require_approval boolean not null default false,
  pixel_integration_id uuid references meta_pixels (id) on delete set null,
  is_active boolean not null default true,
  -- The funnel's invite link (createChatInviteLink), full as the bot that created it sees it.
  invite_link text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index funnels_user_created_idx on funnels (user_id, created_at desc, id);
-- Attribution: a chat_member update carries the link it came through.
create index funnels_bot_link_idx on funnels (bot_id, invite_link);
create index funnels_pixel_idx on funnels (pixel_integration_id) where pixel_integration_id is not null;

-- One visit of a landing page, keyed by the funnel AND the id the script made: a visitor choosing another funnel's
-- visit id only ever writes a visit of the funnel its URL names. First page view's URL, referrer and UTM are kept;
-- fbp/fbc/ip/user agent follow the latest call (what the Conversions API should see at the join).
create table funnel_visits (
  funnel_id uuid not null references funnels (id) on delete cascade,
  visit_id uuid not null,
  url text not null,
  last_url text not null,
  referrer text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  fbclid text,
  fbp text,
  fbc text,
  ip text,
  user_agent text,
  -- The per-visit invite link (member_limit 1) a click asked for when the funnel has a pixel.
  invite_link text,
  invite_link_expires_at timestamptz,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (funnel_id, visit_id)
);
create index funnel_visits_link_idx on funnel_visits (invite_link) where invite_link is not null;

-- What the metrics count, one row per event. `dedupe_key` makes a repeated report one event: a page view is
-- 'pv:<visit>:<md5 of url>' (a retried beacon, a reload), an entry 'in:<contact>:<join time>', an exit
-- 'out:<contact>:<leave time>' (an update handled twice). Clicks have none: every click counts.
create table funnel_events (
  id bigint generated always as identity primary key,
  funnel_id uuid not null references funnels (id) on delete cascade,
  kind text not null check (kind in ('pageview', 'click', 'entry', 'exit')),
  visit_id uuid,
  contact_id uuid references contacts (id) on delete set null,
  dedupe_key text,
  occurred_at timestamptz not null default now()
);
create unique index funnel_events_dedupe_idx on funnel_events (funnel_id, dedupe_key);
-- Metrics: a funnel's events of a window, by day (index-only with kind).
create index funnel_events_funnel_time_idx on funnel_events (funnel_id, occurred_at, kind);

-- Contacts attributed to a funnel. One row per entry (a contact who leaves and comes back through the link again
-- has two); left_at set by the attributed leave. The unique key is the idempotency of a redelivered join.
create table funnel_entries (
  id uuid primary key default gen_random_uuid(),
  funnel_id uuid not null references funnels (id) on delete cascade,
  contact_id uuid not null references contacts (id) on delete cascade,
  visit_id uuid,
  entered_at timestamptz not null,
  left_at timestamptz,
  unique (funnel_id, contact_id, entered_at)
);
create index funnel_entries_contact_idx on funnel_entries (contact_id) where left_at is null;
create index funnel_entries_funnel_idx on funnel_entries (funnel_id, entered_at desc);

-- A join request that came through a funnel's (or a visit's) link, until it is approved: an approval that
-- Telegram reports with via_join_request but without the link is still attributed.
create table funnel_join_requests (
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  telegram_user_id bigint not null,
  funnel_id uuid not null references funnels (id) on delete cascade,
  visit_id uuid,
  requested_at timestamptz not null default now(),
  primary key (bot_id, chat_id, telegram_user_id)
);
