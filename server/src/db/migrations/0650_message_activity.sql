-- The inbox shows what the bot did (docs/product.md#screen-chat): every row of a conversation says who made it and,
-- for a bot message, its inline keyboard.
--
-- source: 'contact' (everything incoming), 'operator' (a reply typed in the console), 'flow', 'welcome',
-- 'broadcast' (what the bot sent on its own). Rows already stored become 'contact' or 'operator' by direction: the
-- recorded flow and welcome sends of before cannot be told apart from replies. The default keeps ad-hoc inserts of
-- incoming rows working; an outgoing row must name its source (the check below refuses 'contact' going out).
alter table messages add column source text not null default 'contact'
  check (source in ('contact', 'operator', 'flow', 'welcome', 'broadcast'));
update messages set source = 'operator' where direction = 'out';
alter table messages add constraint messages_source_direction check ((direction = 'in') = (source = 'contact'));

-- The inline keyboard of a bot message, row by row: [[{"text": "…", "url": "…" | null}]]; null without one.
alter table messages add column buttons jsonb;

-- type gains what the contact did that is not a message (shared/messages/schemas.ts ACTIVITY_TYPES):
-- 'BUTTON_PRESS' (text: the pressed button's text), 'MEMBER_JOINED', 'MEMBER_LEFT', 'JOIN_REQUEST' (text: the
-- channel's or group's title, chat_id: that chat). They are stored read (read_at = created_at): activity is shown in
-- the conversation but never waits for an answer, so it neither counts as unread nor sends a web push. Counting
-- "messages received" means excluding these types (messages_is_activity below).
create function messages_is_activity(type text) returns boolean language sql immutable parallel safe
  as $$ select type in ('BUTTON_PRESS', 'MEMBER_JOINED', 'MEMBER_LEFT', 'JOIN_REQUEST') $$;
