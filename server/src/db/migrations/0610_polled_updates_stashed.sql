-- Long polling keeps no update only in memory (docs/decisions.md#scale-out "No update lost"): each batch getUpdates
-- returns is written to webhook_updates, already taken by the owner's reader, in the statement that moves
-- bot_polling.next_offset past it, before it is handled and before the next getUpdates confirms it to Telegram. The
-- receipt (written with the update's work by the contact journal) deletes a polled row; one left without a receipt
-- (its instance killed) is taken again by the next owner's reader, like a webhook update.
alter table webhook_updates add column polled boolean not null default false;
comment on column webhook_updates.polled is 'written by a long-polling owner (deleted at its receipt), not by Telegram''s webhook POST';
