-- "Acesso pago" flow triggers (docs/product.md#acessos): the reminders the expiry sweep fired, one per access,
-- reminder and access_until, so each fires once per period and a renewal (a new access_until) arms the next ones.
create table access_reminders (
  member_id uuid not null references access_members (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  event text not null check (event in ('expires_in_3_days', 'expires_tomorrow')),
  access_until timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (member_id, event, access_until)
);
create index access_reminders_user_idx on access_reminders (user_id);

-- The sweep's reminder pass: holding accesses with a Telegram account, by their end.
create index access_members_reminder_idx on access_members (access_until)
  where status in ('ACTIVE', 'CANCELED') and telegram_id is not null;
