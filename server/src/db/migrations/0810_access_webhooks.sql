-- The webhook log of paid access (docs/decisions.md#paid-access): every verified webhook a gateway sent a plan,
-- stored raw for audit and reprocessing. A refused signature stores nothing (the plan counts it). headers keeps
-- only what explains the request (content type, user agent, the signature header), never a gateway token.
create table access_webhook_events (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  plan_id uuid not null references access_plans (id) on delete cascade,
  gateway text not null check (gateway in ('hotmart', 'kiwify', 'eduzz', 'generic')),
  received_at timestamptz not null default now(),
  raw_body text not null,
  headers jsonb not null default '{}'::jsonb,
  status text not null check (status in ('PROCESSED', 'IGNORED', 'NOT_PROCESSED')),
  reason text,
  kind text,
  transaction_id text,
  email text,
  member_id uuid references access_members (id) on delete set null,
  test boolean not null default false,
  processed_at timestamptz
);
-- Gateways retry: one processed event per (plan, gateway, transaction, kind). A retry finds it and changes nothing
-- (the pipeline serializes one key with a transaction-scoped advisory lock; this index is the last word).
create unique index access_webhook_events_once on access_webhook_events (plan_id, gateway, transaction_id, kind)
  where status = 'PROCESSED';
-- The key's lookup, whatever the status (a retry of a not processed one rewrites that row).
create index access_webhook_events_key_idx on access_webhook_events (plan_id, transaction_id);
create index access_webhook_events_user_idx on access_webhook_events (user_id, received_at desc, id);
create index access_webhook_events_plan_idx on access_webhook_events (plan_id, received_at desc, id);

-- The Meta pixel an approved purchase of the plan is reported to (Conversions API `Purchase`); none: not reported.
alter table access_plans add column pixel_id uuid references meta_pixels (id) on delete set null;
create index access_plans_pixel_idx on access_plans (pixel_id) where pixel_id is not null;

-- A refund, chargeback or renewal finds the access of its charge or subscription (member-repository findByPurchase):
-- without these, each purchase scanned every access of its plan.
create index access_members_transaction_idx on access_members (plan_id, transaction_id) where transaction_id is not null;
create index access_members_subscription_idx on access_members (plan_id, subscription_id) where subscription_id is not null;
