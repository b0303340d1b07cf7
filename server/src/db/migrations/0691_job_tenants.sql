-- Fair claiming across accounts (docs/decisions.md#fair-jobs): each job knows the account it works for, so one
-- account's backlog cannot hold every worker slot. Jobs of a bot (scope bot:<id>) belong to the bot's owner; others
-- name it at enqueue, or have none (each such job then counts as its own).
alter table jobs add column tenant uuid;

create function jobs_tenant_of_bot() returns trigger language plpgsql as $$
begin
  if new.tenant is null and new.scope ~ '^bot:[0-9a-f-]{36}$' then
    select user_id into new.tenant from bots where id = substr(new.scope, 5)::uuid;
  end if;
  return new;
end;
$$;
create trigger jobs_tenant before insert on jobs for each row execute function jobs_tenant_of_bot();

update jobs set tenant = bots.user_id from bots
where jobs.scope = 'bot:' || bots.id::text and jobs.status in ('queued', 'running');

create index jobs_running_tenant_idx on jobs (tenant) where status = 'running';
