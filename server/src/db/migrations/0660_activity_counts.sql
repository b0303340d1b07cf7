-- The dashboard's daily activity (GET /api/dashboard/activity). Counting a user's messages of 90 days from the
-- messages table scans every one of them (about a second for a million): the counts are kept instead, per user,
-- per 15-minute slot and per metric, by the statement triggers below. A day in any time zone is a whole number of
-- 15-minute slots (every offset in use is a multiple of 15 minutes), so the answer sums at most 96 slots a day
-- and metric, whatever the volume. Counts record what happened: deleting a contact or a bot does not take back
-- its past activity (a deleted account does, with its rows).
create table activity_counts (
  user_id uuid not null references users (id) on delete cascade,
  slot timestamptz not null,
  metric text not null check (metric in ('in', 'out', 'contact', 'join', 'leave', 'broadcast_sent', 'broadcast_failed', 'funnel_entry')),
  n integer not null,
  primary key (user_id, slot, metric)
);

create function activity_slot(at timestamptz) returns timestamptz language sql immutable as $$
  select date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$;

-- Joins to and leaves from the chats where a bot is administrator, one row per chat_member transition; the unique
-- key makes a redelivered update count once.
create table channel_member_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  telegram_user_id bigint not null,
  kind text not null check (kind in ('join', 'leave')),
  occurred_at timestamptz not null,
  unique (bot_id, chat_id, telegram_user_id, kind, occurred_at)
);

-- Each trigger adds its statement's rows in one upsert, ordered by key so two writers lock slots in the same order.
create function activity_messages_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, metric, n)
  select i.user_id, activity_slot(i.created_at), i.direction, count(*)
  from inserted i
  -- Only messages exchanged with the contact count: when other kinds (joins, bot notices) are stored here, exclude them here.
  where i.status <> 'failed'
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (user_id, slot, metric) do update set n = a.n + excluded.n;
  return null;
end $$;
create trigger activity_messages_inserted after insert on messages
  referencing new table as inserted for each statement execute function activity_messages_inserted();

-- A reply counted as sent while it was being sent is taken back when Telegram refuses it.
create function activity_messages_updated() returns trigger language plpgsql as $$
begin
  update activity_counts a set n = greatest(a.n - x.n, 0)
  from (
    select o.user_id, activity_slot(o.created_at) as slot, count(*) as n
    from old_rows o join new_rows n on n.id = o.id
    where o.direction = 'out' and o.status <> 'failed' and n.status = 'failed'
    group by 1, 2
  ) x
  where a.user_id = x.user_id and a.slot = x.slot and a.metric = 'out';
  return null;
end $$;
create trigger activity_messages_updated after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function activity_messages_updated();

create function activity_contacts_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, metric, n)
  select b.user_id, activity_slot(i.created_at), 'contact', count(*)
  from inserted i join bots b on b.id = i.bot_id
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot, metric) do update set n = a.n + excluded.n;
  return null;
end $$;
create trigger activity_contacts_inserted after insert on contacts
  referencing new table as inserted for each statement execute function activity_contacts_inserted();

create function activity_members_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, metric, n)
  select i.user_id, activity_slot(i.occurred_at), i.kind, count(*)
  from inserted i
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (user_id, slot, metric) do update set n = a.n + excluded.n;
  return null;
end $$;
create trigger activity_members_inserted after insert on channel_member_events
  referencing new table as inserted for each statement execute function activity_members_inserted();

-- A broadcast recipient counts when its delivery ends (sent or failed), at that moment.
create function activity_recipients_updated() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, metric, n)
  select b.user_id, activity_slot(n.updated_at), 'broadcast_' || n.status, count(*)
  from old_rows o join new_rows n on n.broadcast_id = o.broadcast_id and n.telegram_id = o.telegram_id
  join broadcasts b on b.id = n.broadcast_id
  where n.status in ('sent', 'failed') and o.status is distinct from n.status
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (user_id, slot, metric) do update set n = a.n + excluded.n;
  return null;
end $$;
create trigger activity_recipients_updated after update on broadcast_recipients
  referencing old table as old_rows new table as new_rows for each statement execute function activity_recipients_updated();

create function activity_funnel_entries_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, metric, n)
  select f.user_id, activity_slot(i.entered_at), 'funnel_entry', count(*)
  from inserted i join funnels f on f.id = i.funnel_id
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot, metric) do update set n = a.n + excluded.n;
  return null;
end $$;
create trigger activity_funnel_entries_inserted after insert on funnel_entries
  referencing new table as inserted for each statement execute function activity_funnel_entries_inserted();

-- The past 90 days of what is already stored (the longest window the dashboard shows).
insert into activity_counts (user_id, slot, metric, n)
select user_id, slot, metric, sum(n) from (
  select m.user_id, activity_slot(m.created_at) as slot, m.direction as metric, count(*) as n
  from messages m where m.created_at > now() - interval '91 days' and m.status <> 'failed' group by 1, 2, 3
  union all
  select b.user_id, activity_slot(c.created_at), 'contact', count(*)
  from contacts c join bots b on b.id = c.bot_id where c.created_at > now() - interval '91 days' group by 1, 2, 3
  union all
  select b.user_id, activity_slot(r.updated_at), 'broadcast_' || r.status, count(*)
  from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
  where r.status in ('sent', 'failed') and r.updated_at > now() - interval '91 days' group by 1, 2, 3
  union all
  select f.user_id, activity_slot(e.entered_at), 'funnel_entry', count(*)
  from funnel_entries e join funnels f on f.id = e.funnel_id where e.entered_at > now() - interval '91 days' group by 1, 2, 3
) backfill
group by 1, 2, 3;

-- The "agora" figures: a user's unread conversations and failing pixel events, without a scan of all of them.
create index conversations_user_unread_idx on conversations (user_id) where unread_count > 0;
create index pixel_events_user_failing_idx on pixel_events (user_id)
  where status = 'failed' or (status <> 'sent' and last_error is not null);
