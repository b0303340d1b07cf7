-- When a flow's statistics were last reset ("Zerar estatísticas"). The reset deletes the history, but an execution
-- waiting on a delay must stay to resume (and one still running in memory is written after the reset): counting only
-- runs started since this moment keeps them out of the new figures. A table of its own, not a column of flows, so a
-- reset does not touch the synced flow row.
create table flow_stats_resets (
  flow_id uuid primary key references flows (id) on delete cascade,
  reset_at timestamptz not null
);
