-- The bots' trash ("Lixeira", docs/decisions.md#bot-trash). Deleting a bot keeps its rows: it is switched off
-- (is_active false, so nothing of the runtime picks it up on any instance: polling leases, webhook intake, its
-- bot-scoped jobs, its broadcasts' sender) and marked deleted_at; every console query hides the rows of such a bot.
-- A restore puts back active_before_delete. Past 30 days the bot.purge job deletes it for good (the old cascade).
alter table bots add column deleted_at timestamptz;
alter table bots add column active_before_delete boolean;

-- The console's filters ask for the user's trashed bots (a handful at most), the purge for the due ones.
create index bots_trashed_idx on bots (user_id) where deleted_at is not null;

-- Trash and restore change what the user's devices may cache of everything under the bot: each row of it that the
-- change log holds gets a new version, so the next pull answers it again — as a row when it is visible, as gone
-- when it is hidden (modules/sync/pull-service.ts). Versions continue the transaction's (sync_record_change).
create function sync_revisit_bot(target uuid) returns void language plpgsql as $$
declare
  owner uuid;
  state text;
  base bigint;
  touched bigint;
begin
  select user_id into owner from bots where id = target;
  if owner is null then return; end if;
  state := current_setting('canalize.sync_state', true);
  if state is not null and split_part(state, ':', 1) = owner::text then
    base := split_part(state, ':', 2)::bigint;
  else
    perform 1 from sync_versions where user_id = owner for update;
    if not found then return; end if;
    base := coalesce((select max(c.version) from sync_changes c where c.user_id = owner), 0);
  end if;
  with under(table_name, row_id) as (
    select 'bots', target
    union all select 'channels', c.id from channels c where c.bot_id = target
    union all select 'welcomeMessages', w.channel_id from welcome_messages w join channels c on c.id = w.channel_id where c.bot_id = target
    union all select 'flows', f.id from flows f where f.bot_id = target
    union all select 'flowNodes', n.id from flow_nodes n join flows f on f.id = n.flow_id where f.bot_id = target
    union all select 'flowConnections', x.id from flow_connections x join flows f on f.id = x.flow_id where f.bot_id = target
    union all select 'contacts', c.id from contacts c where c.bot_id = target
    union all select 'conversations', v.contact_id from conversations v where v.bot_id = target
    union all select 'messages', m.uid from messages m where m.bot_id = target
  ),
  numbered as (
    select s.table_name, s.row_id, base + row_number() over (order by s.version) as version
    from sync_changes s join under u on u.table_name = s.table_name and u.row_id = s.row_id
    where s.user_id = owner and not s.deleted
  )
  update sync_changes s set version = n.version
  from numbered n
  where s.user_id = owner and s.table_name = n.table_name and s.row_id = n.row_id;
  get diagnostics touched = row_count;
  perform set_config('canalize.sync_state', owner::text || ':' || (base + touched), true);
end $$;
