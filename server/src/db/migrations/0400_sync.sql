-- Offline sync (docs/offline-sync.md#rule-4, #rule-5).
--
-- Change log: sync_changes keeps, per user, one entry per synced row (its latest version, or a tombstone), so the
-- pull is "entries with version > cursor". Versions come from one counter per user (sync_versions) bumped by
-- DEFERRED constraint triggers, i.e. at COMMIT time, while the counter row stays locked until the commit ends:
-- a transaction that gets version v+1 waited for the one that got v to commit, so a reader that sees v+1 also sees
-- v and a cursor can never skip a row written by a concurrent transaction.
--
-- Why deferred and not BEFORE/AFTER row triggers: an UPDATE or DELETE locks its row before any row trigger runs,
-- so an immediate trigger takes "row, then counter" while a transaction that already bumped the counter may then
-- want that row: a deadlock between any two writers of the same user. Taken at commit, the counter is always the
-- LAST lock a transaction acquires (nothing waits while holding it), so it cannot be part of a cycle. The one
-- writer that spans several users (the contact journal) writes its rows ordered by user id, so two of them take
-- the counters in the same order.
--
-- Every synced table carries user_id (filled from its parent by a BEFORE INSERT trigger; owners never change) so
-- the deferred trigger knows the user even when the parent was deleted in the same transaction (cascades).

alter table channels add column user_id uuid;
update channels c set user_id = b.user_id from bots b where b.id = c.bot_id;
alter table channels alter column user_id set not null;

alter table welcome_messages add column user_id uuid;
update welcome_messages w set user_id = c.user_id from channels c where c.id = w.channel_id;
alter table welcome_messages alter column user_id set not null;

alter table flow_nodes add column user_id uuid;
update flow_nodes n set user_id = f.user_id from flows f where f.id = n.flow_id;
alter table flow_nodes alter column user_id set not null;

alter table flow_connections add column user_id uuid;
update flow_connections c set user_id = f.user_id from flows f where f.id = c.flow_id;
alter table flow_connections alter column user_id set not null;

alter table contacts add column user_id uuid;
update contacts c set user_id = b.user_id from bots b where b.id = c.bot_id;
alter table contacts alter column user_id set not null;

-- The owner always comes from the parent row, whatever the writer sent: no writer can file a row under another user.
create function sync_fill_owner() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME in ('channels', 'contacts') then
    new.user_id := (select b.user_id from bots b where b.id = new.bot_id);
  elsif TG_TABLE_NAME = 'welcome_messages' then
    new.user_id := (select c.user_id from channels c where c.id = new.channel_id);
  else
    new.user_id := (select f.user_id from flows f where f.id = new.flow_id);
  end if;
  return new;
end $$;

create trigger channels_fill_owner before insert on channels for each row execute function sync_fill_owner();
create trigger welcome_messages_fill_owner before insert on welcome_messages for each row execute function sync_fill_owner();
create trigger flow_nodes_fill_owner before insert on flow_nodes for each row execute function sync_fill_owner();
create trigger flow_connections_fill_owner before insert on flow_connections for each row execute function sync_fill_owner();
create trigger contacts_fill_owner before insert on contacts for each row execute function sync_fill_owner();

create table sync_versions (
  user_id uuid primary key references users (id) on delete cascade,
  version bigint not null
);

-- table_name is the contract's table name (SYNC_TABLES); row_id is the row's id, except for welcome messages,
-- which the contract keys by their channel (one welcome per channel record).
create table sync_changes (
  user_id uuid not null references sync_versions (user_id) on delete cascade,
  table_name text not null,
  row_id uuid not null,
  version bigint not null,
  deleted boolean not null,
  primary key (user_id, table_name, row_id)
);
create index sync_changes_user_version_idx on sync_changes (user_id, version);

create function sync_record_change() returns trigger language plpgsql as $$
declare
  rec record;
  owner uuid;
  key uuid;
  next_version bigint;
begin
  if TG_OP = 'DELETE' then rec := old; else rec := new; end if;
  owner := rec.user_id;
  if TG_TABLE_NAME = 'welcome_messages' then key := rec.channel_id; else key := rec.id; end if;
  -- An account deleted in this same transaction has no counter any more: nothing to record.
  insert into sync_versions as v (user_id, version)
    select owner, 1 where exists (select 1 from users u where u.id = owner)
    on conflict (user_id) do update set version = v.version + 1
    returning v.version into next_version;
  if next_version is null then return null; end if;
  insert into sync_changes as c (user_id, table_name, row_id, version, deleted)
    values (owner, TG_ARGV[0], key, next_version, TG_OP = 'DELETE')
    on conflict (user_id, table_name, row_id) do update set version = excluded.version, deleted = excluded.deleted;
  return null;
end $$;

create constraint trigger bots_sync after insert or update or delete on bots
  deferrable initially deferred for each row execute function sync_record_change('bots');
create constraint trigger channels_sync after insert or update or delete on channels
  deferrable initially deferred for each row execute function sync_record_change('channels');
create constraint trigger welcome_messages_sync after insert or update or delete on welcome_messages
  deferrable initially deferred for each row execute function sync_record_change('welcomeMessages');
create constraint trigger flows_sync after insert or update or delete on flows
  deferrable initially deferred for each row execute function sync_record_change('flows');
create constraint trigger flow_nodes_sync after insert or update or delete on flow_nodes
  deferrable initially deferred for each row execute function sync_record_change('flowNodes');
create constraint trigger flow_connections_sync after insert or update or delete on flow_connections
  deferrable initially deferred for each row execute function sync_record_change('flowConnections');
create constraint trigger contacts_sync after insert or update or delete on contacts
  deferrable initially deferred for each row execute function sync_record_change('contacts');

-- Rows that existed before this migration: versions 1..n per user, parents before children.
insert into sync_versions (user_id, version)
select u.id, 0 from users u;
insert into sync_changes (user_id, table_name, row_id, version, deleted)
select x.user_id, x.table_name, x.row_id,
       row_number() over (partition by x.user_id order by x.rank, x.created_at, x.row_id), false
from (
  select user_id, 'bots' as table_name, id as row_id, 1 as rank, created_at from bots
  union all select user_id, 'channels', id, 2, created_at from channels
  union all select user_id, 'welcomeMessages', channel_id, 3, created_at from welcome_messages
  union all select user_id, 'flows', id, 4, created_at from flows
  union all select user_id, 'flowNodes', id, 5, created_at from flow_nodes
  union all select user_id, 'flowConnections', id, 6, created_at from flow_connections
  union all select user_id, 'contacts', id, 7, created_at from contacts
) x;
update sync_versions v set version = m.version
from (select user_id, max(version) as version from sync_changes group by user_id) m
where m.user_id = v.user_id;

-- Per (user, browser profile): the last mutation id processed. Advanced in the same transaction as the mutation's
-- effects, so a mutation is applied exactly once however often it is resent.
create table sync_clients (
  user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null,
  last_mutation_id bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

-- Mutations the server refused (their id still advanced): a resend answers the same pt-BR reason again.
create table sync_mutation_failures (
  user_id uuid not null,
  client_id uuid not null,
  mutation_id bigint not null,
  name text not null,
  code text not null,
  message text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id, mutation_id),
  foreign key (user_id, client_id) references sync_clients (user_id, client_id) on delete cascade
);
