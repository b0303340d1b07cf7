-- Contact search plans (docs/decisions.md#p-contacts). Whether a search reads the trigram index (a rare term) or
-- walks the bot's contacts newest-interaction first until it has a page (a broad one) rests on the estimate of how
-- many contacts match '%term%', which PostgreSQL takes from the histogram of search_text. The default 100 buckets
-- cannot tell a term matching 1 contact in 40 from one matching 1 in 10 000 (both often hit no bucket and are
-- estimated alike): 1 000 buckets can, for about 2 s more of ANALYZE per million contacts.
alter table contacts alter column search_text set statistics 1000;
