-- What paid accesses earn and how many are in force, for the dashboard's "Receita" and "Acessos ativos"
-- (docs/decisions.md#paid-access).
--
-- One row per approved charge (a purchase or a renewal with an amount), written with the access change it caused;
-- refunded_at marks a refunded one. The dashboard sums them by day from this table (user_id, paid_at), in cents of
-- BRL only (Stars and other currencies are listed on the access, not summed as reais): not through activity_counts,
-- whose one row per workspace and 15 minutes every purchase would lock until its commit, one buyer after another.
create table access_payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  member_id uuid not null references access_members (id) on delete cascade,
  plan_id uuid not null,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null,
  transaction_id text,
  paid_at timestamptz not null default now(),
  refunded_at timestamptz
);
create index access_payments_user_idx on access_payments (user_id, paid_at);
create index access_payments_member_idx on access_payments (member_id, paid_at desc);

-- When an access stopped letting its person in (null while it holds): the dashboard counts accesses in force on a
-- day as those begun by its end and not ended by then. A canceled subscription ends when its paid period does.
alter table access_members add column ended_at timestamptz;
create index access_members_ended_idx on access_members (user_id, ended_at) where ended_at is not null;

