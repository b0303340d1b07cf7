-- Outgoing webhooks (docs/product.md#api-webhooks). A subscription is a workspace's destination URL and the event
-- types it wants; its secret signs every delivery (encrypted at rest with the bot tokens' key, shown on demand to
-- owners and admins). An event is written, in the transaction that commits it, as one delivery row per matching
-- enabled subscription, together with the webhook.deliver job of that subscription's current generation.
create table webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  url text not null,
  description text not null default '',
  events text[] not null,
  secret_encrypted text not null,
  -- The operator's switch: a disabled subscription records nothing.
  enabled boolean not null default true,
  -- The system's: a subscription that keeps failing is paused; events still queue and go out on resume.
  paused_at timestamptz,
  pause_reason text,
  consecutive_failures integer not null default 0,
  -- The job key of the next delivery round (see emit in engines/webhook-delivery): read FOR SHARE by an emitter,
  -- bumped by the round that starts, so an event committed after a round started always has a job of its own.
  outbox_generation bigint not null default 0,
  -- The job draining this subscription: one delivery in flight per subscription, in order. Held while that job's
  -- lease is alive, so a killed worker's hold ends with its job's lease.
  drain_job_id uuid,
  drain_token uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index webhook_subscriptions_user on webhook_subscriptions (user_id, created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  -- The order of delivery within a subscription (an id is random, a timestamp ties).
  seq bigserial not null,
  user_id uuid not null references users (id) on delete cascade,
  webhook_id uuid not null references webhook_subscriptions (id) on delete cascade,
  -- The event's id (the same for every subscription it reaches, and for a redelivery): receivers deduplicate by it.
  event_id uuid not null,
  type text not null,
  -- The body exactly as sent: {id, type, createdAt, workspaceId, data}.
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Retried until 24 h after the first attempt (set when it is first sent).
  give_up_at timestamptz,
  response_status integer,
  -- A short excerpt of the receiver's answer, never the whole body.
  response_excerpt text,
  duration_ms integer,
  error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);

-- The drain's path: a subscription's unfinished deliveries in order.
create index webhook_deliveries_unfinished on webhook_deliveries (webhook_id, seq) where status in ('pending', 'sending');
-- The log's path: a subscription's deliveries, newest first.
create index webhook_deliveries_log on webhook_deliveries (webhook_id, seq desc);
create index webhook_deliveries_user on webhook_deliveries (user_id);
