-- The tracking endpoints' limits and caches across instances (docs/decisions.md#funnel-tracking).

-- Per-address token buckets shared by every instance: each instance keeps its own buckets in memory and, every few
-- hundred milliseconds, folds what a busy address consumed on it into this row and reads back the bucket as all
-- instances left it. Losing the table in a crash only forgets recent consumption: unlogged, no WAL on the way.
create unlogged table tracking_rate_buckets (
  key text primary key,
  tokens double precision not null,
  updated_at timestamptz not null default now()
);

-- A funnel changed or went away (an edit, a delete, a cascade from its bot, channel or pixel): every instance drops
-- what its tracking directory cached about it, through the notifier's channel (server/src/db/notify.ts wire format,
-- origin "db").
create function funnels_tracking_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('canalize_events', json_build_object(
    'origin', 'db', 'topic', 'tracking.funnel-changed', 'payload', json_build_object('publicId', old.public_id))::text);
  return null;
end $$;

create trigger funnels_tracking_notify after update or delete on funnels
  for each row execute function funnels_tracking_notify();
