-- Workspaces ("Equipe") and their members. A workspace's id IS its founder's user id: every tenant-owned table's
-- user_id column already holds it, so existing rows stay reachable without a rewrite (docs/decisions.md#teams).
create table workspaces (
  id uuid primary key references users (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);

create table workspace_members (
  workspace_id uuid not null references workspaces (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'agent')),
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
create index workspace_members_user_idx on workspace_members (user_id, created_at);

insert into workspaces (id, name, created_at) select id, 'Equipe de ' || name, created_at from users;
insert into workspace_members (workspace_id, user_id, role, created_at) select id, id, 'owner', created_at from users;

-- Every account gets its own workspace the moment it exists, whichever code inserts it.
create function create_home_workspace() returns trigger language plpgsql as $$
begin
  insert into workspaces (id, name, created_at) values (new.id, 'Equipe de ' || new.name, new.created_at);
  insert into workspace_members (workspace_id, user_id, role, created_at) values (new.id, new.id, 'owner', new.created_at);
  return new;
end $$;
create trigger users_home_workspace after insert on users for each row execute function create_home_workspace();

-- The workspace a session acts in; null = the account's own (sessions made before workspaces).
alter table refresh_tokens add column workspace_id uuid references workspaces (id) on delete cascade;

create table team_invitations (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references workspaces (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'agent')),
  email text,
  token_hash text not null unique,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null
);
create index team_invitations_workspace_idx on team_invitations (workspace_id, created_at desc);

-- The member whose browser a push subscription is (user_id stays the workspace): removing a member removes their
-- subscriptions there. Null on subscriptions made before workspaces: the founder's own.
alter table push_subscriptions add column member_id uuid references users (id) on delete cascade;
