-- What /pixels says about a pixel's deliveries (shared/pixels/schemas.ts pixelDeliverySchema), kept on the pixel row
-- by the statements that end a claim (engines/pixel-delivery/outbox-repository.ts), which already lock that row:
-- the list reads counters instead of counting an outbox that keeps every sent event. What still waits is counted
-- from the unsent partial index (pixel_events_unsent), which holds only the backlog.
alter table meta_pixels
  add column delivered_events bigint not null default 0,
  add column failed_events bigint not null default 0,
  -- Meta's message or the network's reason of the last attempt that did not deliver.
  add column delivery_error text,
  add column delivery_error_at timestamptz,
  add column last_attempt_at timestamptz;

update meta_pixels p set
  delivered_events = (select count(*) from pixel_events e where e.pixel_id = p.id and e.status = 'sent'),
  failed_events = (select count(*) from pixel_events e where e.pixel_id = p.id and e.status = 'failed'),
  delivery_error = p.last_error,
  delivery_error_at = p.last_error_at,
  last_attempt_at = greatest(p.last_event_at, p.last_error_at);
