-- One queue for all background work (docs/decisions.md#background-jobs): durable delays, broadcasts, outboxes.
-- A job is a row: enqueued in the caller's transaction, claimed with FOR UPDATE SKIP LOCKED under a lease
-- (lease_token fences the completion, so a worker whose lease ran out cannot complete a job claimed again).
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  -- Only a process holding the scope claims the job (bot:<id> = the process that runs that bot); null = anyone.
  scope text,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'dead')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts between 1 and 100),
  idempotency_key text,
  lease_token uuid,
  lease_expires_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  -- NULLs are distinct: only keyed jobs are deduplicated, per kind.
  constraint jobs_idempotency_key unique (kind, idempotency_key)
);
create index jobs_due_idx on jobs (run_at) where status = 'queued';
create index jobs_lease_idx on jobs (lease_expires_at) where status = 'running';
create index jobs_finished_idx on jobs (finished_at) where status in ('done', 'dead');
create index jobs_scope_idx on jobs (scope) where scope is not null;

-- A removed bot takes its waiting work with it, as the foreign keys of flow_pending_steps did.
create function jobs_forget_bot() returns trigger language plpgsql as $$
begin
  delete from jobs where scope = 'bot:' || old.id::text;
  return old;
end;
$$;
create trigger bots_forget_jobs after delete on bots for each row execute function jobs_forget_bot();

-- Durable delays move onto the queue: waiting steps become flow.resume jobs; a step claimed by a live process
-- keeps its lease (its run_at was the lease's end), so neither is lost nor run twice.
insert into jobs (kind, payload, scope, status, run_at, attempts, max_attempts, lease_token, lease_expires_at, created_at)
select 'flow.resume',
       jsonb_build_object('executionId', execution_id, 'botId', bot_id, 'nodeId', node_id),
       'bot:' || bot_id::text,
       case when status = 'running' then 'running' else 'queued' end,
       run_at,
       case when status = 'running' then 1 else 0 end,
       3,
       case when status = 'running' then gen_random_uuid() end,
       case when status = 'running' then run_at end,
       created_at
from flow_pending_steps
where status in ('pending', 'running');

drop table flow_pending_steps;
