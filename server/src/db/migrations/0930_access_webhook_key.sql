-- The webhook pipeline's key lookup (plan, gateway, transaction, kind) gets an index of the whole key. On (plan,
-- transaction) alone PostgreSQL, whenever its statistics are thin (a new or fast-growing table), could as well pick
-- the log's (plan, received_at) index and read every delivery of the plan per purchase, and a cached generic plan
-- kept that choice for the connection's life; with every column of the key in one index there is no contest.
drop index if exists access_webhook_events_key_idx;
create index access_webhook_events_key_idx on access_webhook_events (plan_id, transaction_id, gateway, kind);
