-- The dashboard's daily activity (GET /api/dashboard/activity). Counting a user's messages of 90 days from the
-- messages table reads every one of them (about a second for a million): the counts are kept instead, one row per
-- user and 15-minute slot with a column per metric, by the statement triggers below. A day in any time zone is a
-- whole number of 15-minute slots (every offset in use is a multiple of 15 minutes), so a 90-day answer sums at
-- most 8 640 rows, whatever the volume. Counts record what happened: deleting a contact or a bot does not take
-- back its past activity (a deleted account does, with its rows).
create table activity_counts (
  user_id uuid not null references users (id) on delete cascade,
  slot timestamptz not null,
  messages_received integer not null default 0,
  messages_sent integer not null default 0,
  new_contacts integer not null default 0,
  channel_joins integer not null default 0,
  channel_leaves integer not null default 0,
  broadcast_sent integer not null default 0,
  broadcast_failed integer not null default 0,
  funnel_entries integer not null default 0,
  primary key (user_id, slot)
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
-- Messages: only those exchanged with the contact count, received = from the contact, sent = to the contact.
create function activity_messages_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, messages_received, messages_sent)
  select i.user_id, activity_slot(i.created_at), count(*) filter (where i.direction = 'in'), count(*) filter (where i.direction = 'out')
  from inserted i
  -- Activity rows (button presses, joins, leaves, join requests) are not messages (docs/decisions.md#inbox-activity).
  where i.status <> 'failed' and not messages_is_activity(i.type)
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot) do update set
    messages_received = a.messages_received + excluded.messages_received, messages_sent = a.messages_sent + excluded.messages_sent;
  return null;
end $$;
create trigger activity_messages_inserted after insert on messages
  referencing new table as inserted for each statement execute function activity_messages_inserted();

-- A reply counted as sent while it was being sent is taken back when Telegram refuses it.
create function activity_messages_updated() returns trigger language plpgsql as $$
begin
  update activity_counts a set messages_sent = greatest(a.messages_sent - x.n, 0)
  from (
    select o.user_id, activity_slot(o.created_at) as slot, count(*) as n
    from old_rows o join new_rows n on n.id = o.id
    where o.direction = 'out' and o.status <> 'failed' and n.status = 'failed'
    group by 1, 2
  ) x
  where a.user_id = x.user_id and a.slot = x.slot;
  return null;
end $$;
create trigger activity_messages_updated after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function activity_messages_updated();

create function activity_contacts_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, new_contacts)
  select b.user_id, activity_slot(i.created_at), count(*)
  from inserted i join bots b on b.id = i.bot_id
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot) do update set new_contacts = a.new_contacts + excluded.new_contacts;
  return null;
end $$;
create trigger activity_contacts_inserted after insert on contacts
  referencing new table as inserted for each statement execute function activity_contacts_inserted();

create function activity_members_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, channel_joins, channel_leaves)
  select i.user_id, activity_slot(i.occurred_at), count(*) filter (where i.kind = 'join'), count(*) filter (where i.kind = 'leave')
  from inserted i
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot) do update set
    channel_joins = a.channel_joins + excluded.channel_joins, channel_leaves = a.channel_leaves + excluded.channel_leaves;
  return null;
end $$;
create trigger activity_members_inserted after insert on channel_member_events
  referencing new table as inserted for each statement execute function activity_members_inserted();

-- A broadcast recipient counts when its delivery ends (sent or failed), at that moment.
create function activity_recipients_updated() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, broadcast_sent, broadcast_failed)
  select b.user_id, activity_slot(n.updated_at), count(*) filter (where n.status = 'sent'), count(*) filter (where n.status = 'failed')
  from old_rows o join new_rows n on n.broadcast_id = o.broadcast_id and n.telegram_id = o.telegram_id
  join broadcasts b on b.id = n.broadcast_id
  where n.status in ('sent', 'failed') and o.status is distinct from n.status
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot) do update set
    broadcast_sent = a.broadcast_sent + excluded.broadcast_sent, broadcast_failed = a.broadcast_failed + excluded.broadcast_failed;
  return null;
end $$;
create trigger activity_recipients_updated after update on broadcast_recipients
  referencing old table as old_rows new table as new_rows for each statement execute function activity_recipients_updated();

create function activity_funnel_entries_inserted() returns trigger language plpgsql as $$
begin
  insert into activity_counts as a (user_id, slot, funnel_entries)
  select f.user_id, activity_slot(i.entered_at), count(*)
  from inserted i join funnels f on f.id = i.funnel_id
  group by 1, 2 order by 1, 2
  on conflict (user_id, slot) do update set funnel_entries = a.funnel_entries + excluded.funnel_entries;
  return null;
end $$;
create trigger activity_funnel_entries_inserted after insert on funnel_entries
  referencing new table as inserted for each statement execute function activity_funnel_entries_inserted();

-- Counts every stored fact since `since` again from the tables (what the triggers would have counted), replacing
-- the slots from then on: this migration fills the past 90 days (the longest window the dashboard shows) with it.
create function activity_counts_rebuild(since timestamptz) returns void language sql as $$
  delete from activity_counts where slot >= activity_slot(since);
  insert into activity_counts (user_id, slot, messages_received, messages_sent, new_contacts, channel_joins, channel_leaves,
                               broadcast_sent, broadcast_failed, funnel_entries)
  select user_id, slot, sum(received), sum(sent), sum(contacts), sum(joins), sum(leaves), sum(b_sent), sum(b_failed), sum(entries)
  from (
    select m.user_id, activity_slot(m.created_at) as slot, count(*) filter (where m.direction = 'in') as received,
           count(*) filter (where m.direction = 'out') as sent, 0 as contacts, 0 as joins, 0 as leaves, 0 as b_sent, 0 as b_failed, 0 as entries
    from messages m where m.created_at >= activity_slot(since) and m.status <> 'failed' and not messages_is_activity(m.type) group by 1, 2
    union all
    select b.user_id, activity_slot(c.created_at), 0, 0, count(*), 0, 0, 0, 0, 0
    from contacts c join bots b on b.id = c.bot_id where c.created_at >= activity_slot(since) group by 1, 2
    union all
    select e.user_id, activity_slot(e.occurred_at), 0, 0, 0, count(*) filter (where e.kind = 'join'), count(*) filter (where e.kind = 'leave'), 0, 0, 0
    from channel_member_events e where e.occurred_at >= activity_slot(since) group by 1, 2
    union all
    select b.user_id, activity_slot(r.updated_at), 0, 0, 0, 0, 0, count(*) filter (where r.status = 'sent'), count(*) filter (where r.status = 'failed'), 0
    from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
    where r.status in ('sent', 'failed') and r.updated_at >= activity_slot(since) group by 1, 2
    union all
    select f.user_id, activity_slot(e.entered_at), 0, 0, 0, 0, 0, 0, 0, count(*)
    from funnel_entries e join funnels f on f.id = e.funnel_id where e.entered_at >= activity_slot(since) group by 1, 2
  ) counted
  group by 1, 2;
$$;
select activity_counts_rebuild(now() - interval '91 days');

-- The "agora" figures: a user's unread conversations and failing pixel events, without a scan of all of them.
create index conversations_user_unread_idx on conversations (user_id) where unread_count > 0;
create index pixel_events_user_failing_idx on pixel_events (user_id)
  where status = 'failed' or (status <> 'sent' and last_error is not null);
