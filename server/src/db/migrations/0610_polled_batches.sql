-- Long polling keeps no update only in memory (docs/decisions.md#scale-out "No update lost"): each batch getUpdates
-- returns is written here, in the statement that moves bot_polling.next_offset past it, before the next getUpdates
-- confirms it to Telegram. One row a batch, not one an update: written for every update on the hot path, a row per
-- update (its foreign-key check, two index entries, then its delete) cost the scale bench ~20 % of its replies.
-- A receipt (written with the update's work by the contact journal) takes its id out of `pending`; the receipt of a
-- batch's last pending id deletes the row. A row left with pending ids (its instance killed) is taken by the next
-- owner's reader, which handles those updates again before it polls.
create table polled_batches (
  bot_id uuid not null references bots (id) on delete cascade,
  first_update_id bigint not null,
  -- the reader (a per-ownership uuid, as webhook_updates.handled_by) whose receipts count
  reader uuid not null,
  -- the batch as getUpdates returned it (a JSON array)
  updates jsonb not null,
  -- the batch's update ids without a stored receipt
  pending bigint[] not null,
  primary key (bot_id, first_update_id)
);
-- Written once and read only after a kill: kept out of line without compression (no CPU spent compressing it).
alter table polled_batches alter column updates set storage external;
