-- A push subscription belongs to the session that made it (docs/security.md#second-pass): signing sessions out (a new
-- password, "Sair de todos os aparelhos", the account's deletion) removes their devices' subscriptions, so a signed-out
-- phone stops showing the account's messages. Rows made before this column are of no known session: any sign-out of
-- other sessions removes them.
alter table push_subscriptions add column session_id uuid;
