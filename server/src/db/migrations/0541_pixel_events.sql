-- The Conversions API outbox (docs/decisions.md#pixel-outbox). A funnel join/leave writes its event here, in the
-- transaction that records the join, together with the pixel.deliver job that will send it; the job claims rows
-- with FOR UPDATE SKIP LOCKED under a lease (status 'sending', lease_token), sends them in batches and records
-- the outcome with the statement that ends the claim. `payload` is the event exactly as Meta receives it.
create table pixel_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- A deleted pixel takes its events with it: nothing left to send them with.
  pixel_id uuid not null references meta_pixels (id) on delete cascade,
  event_name text not null,
  -- Meta deduplicates by event_name + event_id for 48 h: a retry after a crash re-sends the same id.
  event_id text not null,
  event_time timestamptz not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  -- Not before this moment (backoff after a 5xx or a network failure).
  next_attempt_at timestamptz not null default now(),
  lease_token uuid,
  lease_expires_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint pixel_events_event_id unique (pixel_id, event_id)
);

-- The claim's path: a pixel's unsent events, oldest first.
create index pixel_events_unsent on pixel_events (pixel_id, created_at) where status in ('pending', 'sending');

-- The job key of a pixel's delivery: recordPixelEvent reads it (FOR SHARE) and keys its job with it; a delivery
-- job bumps it before it claims, which waits for those transactions, so an event committed after the bump gets a
-- job of its own and none is left without one (docs/decisions.md#pixel-outbox).
alter table meta_pixels add column outbox_generation bigint not null default 0;
