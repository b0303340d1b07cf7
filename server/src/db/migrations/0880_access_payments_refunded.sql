-- The Acessos screen's revenue by day shows refunds and chargebacks on the day they happened
-- (docs/decisions.md#paid-access): read by workspace and refund instant, only the refunded charges indexed.
create index access_payments_refunded_idx on access_payments (user_id, refunded_at) where refunded_at is not null;
