-- The team inbox's assignment and status (docs/decisions.md#teams), on top of 0760.

-- A contact's new message reopens a resolved conversation: status OPEN, one conversation_events row with no actor
-- (the system). Only messages count, as for web push: a join, a leave or a button press is shown, not reopened for.
-- A statement trigger next to messages_after_insert (which has upserted the conversation by then: triggers of one
-- event fire in name order), so the journal's batched inserts and any other writer reopen alike, on both databases.
create function messages_reopen_resolved() returns trigger language plpgsql as $$
begin
  with reopened as (
    update conversations c set status = 'OPEN', status_changed_at = now()
    where c.status = 'RESOLVED'
      and c.contact_id in (select i.contact_id from inserted i where i.direction = 'in' and not messages_is_activity(i.type))
    returning c.user_id, c.contact_id
  )
  insert into conversation_events (user_id, contact_id, actor_id, kind, status)
  select r.user_id, r.contact_id, null, 'status', 'OPEN' from reopened r;
  return null;
end $$;
create trigger messages_reopen_resolved after insert on messages
  referencing new table as inserted for each statement execute function messages_reopen_resolved();

-- "Não lidas" newest first, without sorting every unread conversation of the workspace.
create index conversations_user_unread_recent_idx on conversations (user_id, last_message_at desc, contact_id) where unread_count > 0;

-- One member's (or nobody's) conversations in one status, newest first: an exact index range however rare the
-- combination, where the assignee index alone would read past every other status of that member.
create index conversations_user_assignee_status_idx on conversations (user_id, assignee_id, status, last_message_at desc, contact_id);
