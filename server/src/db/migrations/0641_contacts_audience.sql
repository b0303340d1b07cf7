-- Counting a broadcast's audience before it is sent (modules/broadcasts/audience-repository.ts audienceNow): the
-- people of a bot, with whether they blocked it and when they arrived, read from the index alone, so a list of
-- drafts to 100 000 contacts stays cheap. The predicate is the audience's own (people with a private chat).
create index contacts_audience on contacts (bot_id) include (created_at, blocked_at) where not is_bot and telegram_id > 0;
