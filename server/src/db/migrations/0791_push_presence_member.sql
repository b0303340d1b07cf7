-- The member whose screen shows the conversation (user_id stays the workspace): an open conversation silences that
-- member's pushes only. Null on heartbeats sent before teams: the founder's own. Removing the member's account
-- removes their heartbeats.
alter table push_presence add column member_id uuid references users (id) on delete cascade;
