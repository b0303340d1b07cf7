-- Versions without rewriting the counter row for every change (refines 0400).
--
-- 0400 bumped sync_versions.version once per changed row. Updating one row many times in one transaction is
-- quadratic in PostgreSQL (every update walks the chain of versions the transaction itself left behind), so a
-- transaction touching thousands of rows of one user (a bot removal cascading to its contacts, a contact-journal
-- flush, a sync push chunk) slowed down badly. Now the first change of a user in a transaction takes the user's
-- row lock (SELECT … FOR UPDATE, no new row version) and continues after the highest version in sync_changes; the
-- next changes of that user in the same transaction count on from a transaction-local setting. The guarantee of
-- 0400 is unchanged: the lock is taken at commit time (deferred triggers) and held until the commit ends, so
-- versions are assigned in commit order. On a cache miss (another user's rows came in between) the max is read
-- again, which includes this transaction's own entries, so the count stays right.

alter table sync_versions drop column version;

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
  if TG_TABLE_NAME = 'welcome_messages' then key := rec.channel_id; else key := rec.id; end if;
  state := current_setting('canalize.sync_state', true);
  if state is not null and split_part(state, ':', 1) = owner::text then
    next_version := split_part(state, ':', 2)::bigint + 1;
  else
    perform 1 from sync_versions where user_id = owner for update;
    if not found then
      -- An account deleted in this same transaction has no lock row any more: nothing to record.
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
