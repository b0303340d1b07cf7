-- The inbox as a team's tool (docs/decisions.md#teams): who answers a conversation, where it stands, and who sent
-- each reply. conversations.user_id / messages.user_id stay the workspace; the member columns name people.

-- Assignment and status. A conversation is unassigned (null) or one member's; a member leaving the workspace or
-- deleting the account leaves it unassigned. status_changed_at / assigned_at date the current state (figures,
-- conflict resolution); the history is conversation_events.
alter table conversations add column assignee_id uuid references users (id) on delete set null;
alter table conversations add column assigned_at timestamptz;
alter table conversations add column status text not null default 'OPEN' check (status in ('OPEN', 'PENDING', 'RESOLVED'));
alter table conversations add column status_changed_at timestamptz;
create index conversations_user_assignee_idx on conversations (user_id, assignee_id, last_message_at desc, contact_id);
create index conversations_user_status_idx on conversations (user_id, status, last_message_at desc, contact_id);

-- The member who sent an outbound message from the console (null: the bot, a flow, a broadcast, or a reply sent
-- before teams, which was the founder's).
alter table messages add column member_id uuid references users (id) on delete set null;

-- What happened to a conversation, for the per-member figures and the conversation's own history: an assignment
-- (assignee_id, null = unassigned) or a status change (status). actor_id null = the system (a contact's message
-- reopening a resolved conversation).
create table conversation_events (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  contact_id uuid not null references contacts (id) on delete cascade,
  actor_id uuid references users (id) on delete set null,
  kind text not null check (kind in ('assigned', 'status')),
  assignee_id uuid references users (id) on delete set null,
  status text check (status in ('OPEN', 'PENDING', 'RESOLVED')),
  created_at timestamptz not null default now()
);
create index conversation_events_user_time_idx on conversation_events (user_id, created_at);
create index conversation_events_contact_idx on conversation_events (contact_id, id);
