-- The flow graph of the editor (docs/product.md#entity-node): nodes, connections between their handles, and per-flow messages.
-- Ids have no database default on purpose: the client generates them (docs/decisions.md#d-flows) so a flow can be edited
-- offline; the server fills one in only when the client sent none.
-- Every table hangs off flows (flow_id, ON DELETE CASCADE): the owner is always flows.user_id, one join away.
create table flow_nodes (
  id uuid primary key,
  flow_id uuid not null references flows (id) on delete cascade,
  type text not null check (type in ('trigger', 'action', 'condition', 'integration')),
  sub_type text not null,
  label text not null,
  position_x double precision not null default 0,
  position_y double precision not null default 0,
  config jsonb not null default '{}'::jsonb,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flow_nodes_flow_idx on flow_nodes (flow_id);

-- Both ends must be nodes of the connection's own flow: the composite foreign keys make a cross-flow edge
-- impossible even for a writer that skips the service's checks, and deleting a node deletes its connections.
alter table flow_nodes add constraint flow_nodes_flow_id_id_key unique (flow_id, id);
create table flow_connections (
  id uuid primary key,
  flow_id uuid not null references flows (id) on delete cascade,
  source_node_id uuid not null,
  target_node_id uuid not null,
  source_handle text not null default 'default',
  target_handle text not null default 'default',
  label text,
  created_at timestamptz not null default now(),
  foreign key (flow_id, source_node_id) references flow_nodes (flow_id, id) on delete cascade,
  foreign key (flow_id, target_node_id) references flow_nodes (flow_id, id) on delete cascade,
  unique (source_node_id, source_handle, target_node_id)
);
create index flow_connections_flow_idx on flow_connections (flow_id);
create index flow_connections_target_idx on flow_connections (target_node_id);

-- docs/product.md#api-flow-graph names message calls (POST /flows/{id}/messages, PUT/DELETE /flows/messages/{id}) without a shape:
-- a flow message is a stored text with optional buttons, optionally attached to one node.
create table flow_messages (
  id uuid primary key,
  flow_id uuid not null references flows (id) on delete cascade,
  node_id uuid references flow_nodes (id) on delete set null,
  content text not null default '',
  parse_mode text not null default 'none' check (parse_mode in ('none', 'Markdown', 'HTML')),
  buttons jsonb not null default '[]'::jsonb,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flow_messages_flow_idx on flow_messages (flow_id);
