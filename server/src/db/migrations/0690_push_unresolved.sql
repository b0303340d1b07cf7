-- A push endpoint whose host name does not resolve is tried a bounded number of times, then removed
-- (docs/decisions.md#push-unresolved): the count of consecutive pushes that found no such name.
alter table push_subscriptions add column unresolved_tries integer not null default 0;
