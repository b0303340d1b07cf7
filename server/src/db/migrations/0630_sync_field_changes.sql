-- Conflicts between devices (docs/offline-sync.md#rule-6): per synced row and field, the last change a sync push
-- made to it, by which client, when, to which value, and at which version of the change log.
--
-- Per field and not per row, so edits to different fields of one row, or to different nodes of one flow, merge.
-- The push writes these rows (modules/sync/field-guard.ts) inside the mutation's transaction with version null;
-- sync_record_change, which assigns the row's version at commit, copies that version onto the field rows of the
-- same transaction (xid), so a field's version is comparable with a client's pull cursor: a change at a version
-- above the cursor the edit was made on is one that device had not seen.
create table sync_field_changes (
  user_id uuid not null references users (id) on delete cascade,
  table_name text not null,
  row_id uuid not null,
  field text not null,
  client_id uuid,
  changed_at timestamptz not null default now(),
  value jsonb,
  version bigint,
  xid bigint not null default txid_current(),
  primary key (user_id, table_name, row_id, field)
);

-- A mutation answered `conflict`: the fields it did not overwrite, so a resend answers the same again.
alter table sync_mutation_failures add column conflicts jsonb;

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
  -- Only a transaction that recorded field changes pays for this (the push sets the flag when it does). The last
  -- change of the row in the transaction comes last, so the field ends at the row's final version.
  if current_setting('canalize.sync_fields', true) = 'on' then
    if TG_OP = 'DELETE' then
      delete from sync_field_changes where user_id = owner and table_name = TG_ARGV[0] and row_id = key;
    else
      update sync_field_changes set version = next_version
        where user_id = owner and table_name = TG_ARGV[0] and row_id = key and xid = txid_current();
    end if;
  end if;
  return null;
end $$;
