-- The audience of a sent broadcast is written by a background job, batch by batch (docs/decisions.md#broadcast-delivery),
-- not inside POST /broadcasts/{id}/send. While it writes, `materialising` keeps the engine from ending the broadcast
-- between batches, and `audience_total` (counted in the send's transaction) is the progress total.
alter table broadcasts add column materialising boolean not null default false;
alter table broadcasts add column audience_total integer;
