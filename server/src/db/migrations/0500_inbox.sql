-- The inbox (issue 14, docs/product.md#screen-chat, #api-messages; docs/decisions.md#p-inbox).
--
-- messages gains what the inbox needs: a public uuid (`uid`: the API's and the sync contract's id, and for replies
-- typed in the console the client-generated idempotency key), the owner (`user_id`, for sync and scoping), the
-- message kind (photo, voice… so media never shows as an empty bubble), a delivery status for replies ('sending'
-- is the claim taken before Telegram is called), the pt-BR reason of a failed delivery, and when an incoming
-- message was read.
alter table messages add column uid uuid not null default gen_random_uuid();
alter table messages add constraint messages_uid_key unique (uid);
alter table messages add column user_id uuid;
update messages m set user_id = b.user_id from bots b where b.id = m.bot_id;
alter table messages alter column user_id set not null;
alter table messages add column type text not null default 'TEXT';
update messages set type = case
  when payload ? 'text' then 'TEXT'
  when payload ? 'photo' then 'PHOTO'
  when payload ? 'video' then 'VIDEO'
  when payload ? 'voice' then 'VOICE'
  when payload ? 'audio' then 'AUDIO'
  when payload ? 'animation' then 'ANIMATION'
  when payload ? 'document' then 'DOCUMENT'
  when payload ? 'sticker' then 'STICKER'
  when payload ? 'video_note' then 'VIDEO_NOTE'
  when payload ? 'location' then 'LOCATION'
  when payload ? 'contact' then 'CONTACT'
  else 'OTHER' end;
alter table messages add column status text not null default 'sent' check (status in ('sending', 'sent', 'failed'));
alter table messages add column error text;
alter table messages add column read_at timestamptz;
create index messages_unread_idx on messages (contact_id) where direction = 'in' and read_at is null;
create index messages_sending_idx on messages (created_at) where status = 'sending';

-- One row per contact that has messages: the list of conversations is "this user's rows by last message", one
-- index range instead of a search through every contact's messages. Kept by the statement triggers below, so
-- every writer (the runtime's journal, replies, flows) keeps it right without knowing about it.
create table conversations (
  contact_id uuid primary key references contacts (id) on delete cascade,
  user_id uuid not null,
  bot_id uuid not null references bots (id) on delete cascade,
  last_message_id bigint not null,
  last_message_uid uuid not null,
  last_message_at timestamptz not null,
  unread_count integer not null default 0
);
create index conversations_user_recent_idx on conversations (user_id, last_message_at desc, contact_id);
create index conversations_bot_idx on conversations (bot_id);

insert into conversations (contact_id, user_id, bot_id, last_message_id, last_message_uid, last_message_at, unread_count)
select distinct on (m.contact_id) m.contact_id, m.user_id, m.bot_id, m.id, m.uid, m.created_at,
       count(*) filter (where m.direction = 'in' and m.read_at is null) over (partition by m.contact_id)
from messages m
order by m.contact_id, m.created_at desc, m.id desc;

-- How many messages per contact the offline cache keeps (docs/offline-sync.md; the chat pane's first page).
create function inbox_synced_per_contact() returns integer language sql immutable as $$ select 100 $$;

-- After every insert statement (the journal writes a batch in one): move each touched conversation to its newest
-- message and add the new unread ones; then drop from the sync log the entries of messages that fell out of their
-- contact's newest N, so a fresh client pulls recent messages only (clients prune the same way locally). The
-- highest version of a user is never removed: the next version is counted from it (migration 0401).
create function messages_after_insert() returns trigger language plpgsql as $$
begin
  insert into conversations as c (contact_id, user_id, bot_id, last_message_id, last_message_uid, last_message_at, unread_count)
  select distinct on (i.contact_id) i.contact_id, i.user_id, i.bot_id, i.id, i.uid, i.created_at,
         count(*) filter (where i.direction = 'in' and i.read_at is null) over (partition by i.contact_id)
  from inserted i
  order by i.contact_id, i.created_at desc, i.id desc
  on conflict (contact_id) do update set
    last_message_id = case when (excluded.last_message_at, excluded.last_message_id) >= (c.last_message_at, c.last_message_id)
                           then excluded.last_message_id else c.last_message_id end,
    last_message_uid = case when (excluded.last_message_at, excluded.last_message_id) >= (c.last_message_at, c.last_message_id)
                            then excluded.last_message_uid else c.last_message_uid end,
    last_message_at = greatest(c.last_message_at, excluded.last_message_at),
    unread_count = c.unread_count + excluded.unread_count;
  delete from sync_changes s
  using (
    select stale.user_id, stale.uid
    from (select contact_id, count(*) as k from inserted group by contact_id) x
    cross join lateral (
      select m.user_id, m.uid from messages m where m.contact_id = x.contact_id
      order by m.created_at desc, m.id desc offset inbox_synced_per_contact() limit x.k) stale
  ) pruned
  where s.user_id = pruned.user_id and s.table_name = 'messages' and s.row_id = pruned.uid and not s.deleted
    and exists (select 1 from sync_changes later where later.user_id = s.user_id and later.version > s.version);
  return null;
end $$;
create trigger messages_after_insert after insert on messages
  referencing new table as inserted for each statement execute function messages_after_insert();

-- Reading (one message or a whole conversation) lowers the unread count by the messages that became read.
create function messages_after_update() returns trigger language plpgsql as $$
begin
  update conversations c set unread_count = greatest(c.unread_count - x.n, 0)
  from (
    select o.contact_id, count(*) as n
    from old_rows o join new_rows n on n.id = o.id
    where o.direction = 'in' and o.read_at is null and n.read_at is not null
    group by o.contact_id
  ) x
  where c.contact_id = x.contact_id;
  return null;
end $$;
create trigger messages_after_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function messages_after_update();

-- Owners and sync (migration 0400's rules): messages take their owner from the bot, conversations from their
-- messages (the trigger above). The sync key of a message is its uid, of a conversation its contact.
create or replace function sync_fill_owner() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME in ('channels', 'contacts', 'messages') then
    new.user_id := (select b.user_id from bots b where b.id = new.bot_id);
  elsif TG_TABLE_NAME = 'welcome_messages' then
    new.user_id := (select c.user_id from channels c where c.id = new.channel_id);
  else
    new.user_id := (select f.user_id from flows f where f.id = new.flow_id);
  end if;
  return new;
end $$;
create trigger messages_fill_owner before insert on messages for each row execute function sync_fill_owner();

create or replace function sync_record_change() returns trigger language plpgsql as $$
declare
  rec record;
  owner uuid;
  key uuid;
  state text;
  next_version bigint;
begin
  if TG_OP = 'DELETE' then rec := old; else rec := new; end if;
  owner := rec.user_id;
  if TG_TABLE_NAME = 'welcome_messages' then key := rec.channel_id;
  elsif TG_TABLE_NAME = 'messages' then key := rec.uid;
  elsif TG_TABLE_NAME = 'conversations' then key := rec.contact_id;
  else key := rec.id;
  end if;
  state := current_setting('canalize.sync_state', true);
  if state is not null and split_part(state, ':', 1) = owner::text then
    next_version := split_part(state, ':', 2)::bigint + 1;
  else
    perform 1 from sync_versions where user_id = owner for update;
    if not found then
      insert into sync_versions (user_id) select owner where exists (select 1 from users u where u.id = owner)
        on conflict do nothing;
      perform 1 from sync_versions where user_id = owner for update;
      if not found then return null; end if;
    end if;
    next_version := coalesce((select max(c.version) from sync_changes c where c.user_id = owner), 0) + 1;
  end if;
  perform set_config('canalize.sync_state', owner::text || ':' || next_version, true);
  insert into sync_changes as c (user_id, table_name, row_id, version, deleted)
    values (owner, TG_ARGV[0], key, next_version, TG_OP = 'DELETE')
    on conflict (user_id, table_name, row_id) do update set version = excluded.version, deleted = excluded.deleted;
  return null;
end $$;

-- A message row changes for the cache only when its delivery does (read state lives in the conversation row).
create constraint trigger messages_sync after insert or delete or update of status, error, telegram_message_id on messages
  deferrable initially deferred for each row execute function sync_record_change('messages');
create constraint trigger conversations_sync after insert or update or delete on conversations
  deferrable initially deferred for each row execute function sync_record_change('conversations');

-- Existing rows enter the change log after everything already there (recent messages only).
insert into sync_versions (user_id) select distinct user_id from messages on conflict do nothing;
insert into sync_changes (user_id, table_name, row_id, version, deleted)
select x.user_id, x.table_name, x.row_id,
       coalesce((select max(c.version) from sync_changes c where c.user_id = x.user_id), 0)
         + row_number() over (partition by x.user_id order by x.rank, x.at, x.row_id),
       false
from (
  select user_id, 'conversations' as table_name, contact_id as row_id, 2 as rank, last_message_at as at from conversations
  union all
  select r.user_id, 'messages', r.uid, 1, r.created_at
  from (select m.user_id, m.uid, m.created_at,
               row_number() over (partition by m.contact_id order by m.created_at desc, m.id desc) as recent
        from messages m) r
  where r.recent <= inbox_synced_per_contact()
) x;
