-- An update's receipt is stored with the work it caused (docs/decisions.md#scale-out "No update lost"): the contact
-- journal's flush that writes an update's contacts and messages records, in the same transaction, that the update
-- was handled. A new owner redoes what Telegram still holds (or the webhook queue kept) without a receipt.
-- Long polling: the update_ids at or above next_offset whose receipt is stored (the ones below are gone from Telegram).
alter table bot_polling add column done_ids bigint[] not null default '{}';
-- handling_through (the at-most-once in-flight mark) is no longer written; kept for instances still on older code.
comment on column bot_polling.handling_through is 'unused since 0600 (receipts in done_ids); kept for rolling upgrades';
-- Webhook queue: handled_by now names the reader that took the row (taken before handling); handled_at is the
-- receipt, written with the update's work. A row with handled_by set and handled_at null was in the hands of a
-- reader that stopped: the next reader takes it again.
comment on column webhook_updates.handled_by is 'the reader (a per-ownership uuid) that took the row; handled_at is its receipt';
