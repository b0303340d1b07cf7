-- Several server instances on one database (docs/decisions.md#scale-out): each active bot is long-polled by exactly
-- one instance, the holder of its lease row here; instances announce themselves with a heartbeat so each can take
-- its fair share of the bots.
create table server_instances (
  id uuid primary key,
  started_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table bot_polling (
  bot_id uuid primary key references bots (id) on delete cascade,
  -- server_instances.id of the holder (no foreign key: an instance row goes when it ends or expires)
  owner uuid,
  lease_expires_at timestamptz,
  -- every update_id below this was handled (or given up as uncertain after a crash); the next getUpdates offset
  next_offset bigint not null default 0,
  -- the highest update_id an owner began to handle: above next_offset means a batch was in flight when it stopped
  handling_through bigint not null default 0,
  offset_at timestamptz not null default now()
);
create index bot_polling_owner_idx on bot_polling (owner);

-- A bot switched on or off, added or removed, by any instance: the instance polling it (or one with room for it)
-- hears it at commit through the notifier's channel (server/src/db/notify.ts wire format, origin "db").
create function bots_polling_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('canalize_events', json_build_object(
    'origin', 'db', 'topic', 'polling.changed', 'payload', json_build_object('botId', coalesce(new.id, old.id)))::text);
  return null;
end $$;

create trigger bots_polling_notify after insert or delete or update of is_active on bots
  for each row execute function bots_polling_notify();
