-- Internal notes and quick replies of a team's inbox (docs/decisions.md#teams).
--
-- A note is written by a member about a conversation and never leaves the console: it lives apart from `messages`,
-- so nothing that reads messages (the runtime, the conversation's last message and unread count, the dashboard's
-- activity, stats, broadcasts, the offline message window) can count or send it by mistake. `user_id` is the
-- workspace; `author_id` the member who wrote it (null once that account is deleted: the note stays the workspace's).
create table conversation_notes (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  contact_id uuid not null references contacts (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  author_id uuid references users (id) on delete set null,
  text text not null,
  created_at timestamptz not null default now()
);
create index conversation_notes_contact_idx on conversation_notes (contact_id, created_at);
create index conversation_notes_user_idx on conversation_notes (user_id);
create index conversation_notes_author_idx on conversation_notes (author_id);

-- Saved replies a member inserts by typing /shortcut; one shortcut per workspace.
create table quick_replies (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  shortcut text not null,
  text text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, shortcut)
);

-- Both are cached on the members' devices (offline sync): notes to read and write a conversation offline, quick
-- replies to insert them offline.
create constraint trigger conversation_notes_sync after insert or update or delete on conversation_notes
  deferrable initially deferred for each row execute function sync_record_change('notes');
create constraint trigger quick_replies_sync after insert or update or delete on quick_replies
  deferrable initially deferred for each row execute function sync_record_change('quickReplies');
