-- Telegram Stars on access plans (docs/decisions.md#paid-access): a plan may sell through a channel subscription
-- link (Telegram renews it every 30 days; the member's until_date is the access) and/or an invoice in the bot.
-- stars_link is the subscription link Telegram created for the plan's channel, kept to recognise its joins.
alter table access_plans add column stars_price integer check (stars_price is null or stars_price between 1 and 10000);
alter table access_plans add column stars_subscription_link boolean not null default false;
alter table access_plans add column stars_invoice boolean not null default false;
alter table access_plans add column stars_link text;
alter table access_plans add column stars_link_chat_id bigint;
create index access_plans_stars_link_idx on access_plans (stars_link) where stars_link is not null;

-- Every Stars payment of an invoice, by Telegram's charge id: a successful_payment seen twice grants once, and a
-- refund names the charge it returns (refunded_at set once Telegram accepted it). subscription: a payment of a
-- subscription invoice, whose renewals the refund also stops.
create table access_star_payments (
  charge_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  member_id uuid not null references access_members (id) on delete cascade,
  telegram_id bigint not null,
  amount integer not null,
  recurring boolean not null default false,
  subscription boolean not null default false,
  refunded_at timestamptz,
  created_at timestamptz not null default now()
);
create index access_star_payments_member_idx on access_star_payments (member_id, created_at desc);
create index access_star_payments_user_idx on access_star_payments (user_id);
