-- Contact search and lists (docs/product.md#api-contacts, docs/decisions.md#p-contacts).
--
-- Search matches first name, last name, username and Telegram id ignoring case and accents. unaccent() is only
-- STABLE (its dictionary can change), so it cannot feed a generated column or an index; this function folds the
-- accented Latin letters Portuguese and its neighbours use with translate() and lower(), which are IMMUTABLE and
-- behave the same under any locale (the uppercase accented letters are folded explicitly, since lower() of a
-- non-ASCII letter depends on the database's ctype). The client folds search text the same way.
create function contact_search_fold(value text) returns text
  language sql immutable strict parallel safe
  as $$ select lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')) $$;

-- One folded text per contact, kept by the database itself: no writer can forget to refresh it.
alter table contacts add column search_text text generated always as (
  contact_search_fold(first_name || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, '') || ' ' || telegram_id::text)
) stored;

-- "contains" search is a LIKE '%term%': a trigram GIN index answers it without reading every contact. pg_trgm is
-- a trusted extension (any database owner may create it on PostgreSQL 13+) and the embedded database loads it;
-- a server without it still searches correctly, only by scanning (the boot never fails on it).
do $$
begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm indisponível: busca de contatos sem índice (%)', sqlerrm;
end $$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index contacts_search_trgm_idx on contacts using gin (search_text gin_trgm_ops)';
  end if;
end $$;

-- The global list (every bot of the user) in its default order, and the per-bot stats' 24 h window.
create index contacts_user_last_idx on contacts (user_id, last_interaction_at desc, id);
