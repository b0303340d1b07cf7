-- The flow engine (docs/decisions.md#d-flow-engine): executions with their steps, durable delays, node visits and button clicks.
-- An execution names its contact by Telegram id, not contacts.id: the contact row is written behind (contact
-- journal) and may not exist yet when the first step runs.
create table flow_executions (
  id uuid primary key,
  flow_id uuid not null references flows (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  contact_telegram_id bigint not null,
  chat_id bigint not null,
  trigger_node_id uuid,
  status text not null check (status in ('running', 'waiting', 'completed', 'failed', 'stopped')),
  variables jsonb not null default '{}'::jsonb,
  steps jsonb not null default '[]'::jsonb,
  step_count integer not null default 0,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index flow_executions_flow_idx on flow_executions (flow_id, started_at desc);
create index flow_executions_contact_idx on flow_executions (flow_id, contact_telegram_id, chat_id, started_at desc);

-- A delay is a row, not a timer: whichever process owns the bot claims it once it is due (UPDATE … WHERE
-- status = 'pending' RETURNING), so it survives a restart and runs exactly once.
create table flow_pending_steps (
  id uuid primary key default gen_random_uuid(),
  execution_id uuid not null references flow_executions (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  node_id uuid not null,
  run_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'running', 'done')),
  created_at timestamptz not null default now()
);
create index flow_pending_steps_due_idx on flow_pending_steps (run_at) where status = 'pending';

-- Counters kept apart from flow_nodes so counting never touches the editor's rows (and their updated_at).
create table flow_node_stats (
  node_id uuid primary key references flow_nodes (id) on delete cascade,
  flow_id uuid not null references flows (id) on delete cascade,
  visits bigint not null default 0
);
create index flow_node_stats_flow_idx on flow_node_stats (flow_id);

create table flow_button_clicks (
  node_id uuid not null references flow_nodes (id) on delete cascade,
  button_id text not null,
  clicks bigint not null default 0,
  primary key (node_id, button_id)
);
