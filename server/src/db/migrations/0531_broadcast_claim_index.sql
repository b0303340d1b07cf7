-- The claim (modules/broadcasts/delivery-repository.ts claimRecipients) takes a broadcast's pending recipients in
-- telegram_id order. The primary key gives that order but walks past every recipient already sent: near the end
-- of a 1 000 000-recipient broadcast each claim would read most of the table. Only pending rows are indexed here.
create index broadcast_recipients_pending_idx on broadcast_recipients (broadcast_id, telegram_id) where status = 'pending';
