-- A restart takes over its own leases at once (docs/decisions.md#scale-out): each lease records, beside the
-- per-process token that fences it, the INSTANCE_ID of the instance that took it, the same across that instance's
-- restarts. An instance starting again takes what its previous run held without waiting for the leases to run out;
-- other instances' leases are honoured. Null: taken by a build before this migration (waits, as before).
-- Every bot_polling owner is a server_instances row of the run that claimed the lease (written by its first heartbeat).
alter table server_instances add column instance_id text;
-- Meaningful while the row is 'running' / 'sending' (the lease it names); left as it was once the lease ends.
alter table jobs add column lease_instance_id text;
alter table broadcast_recipients add column lease_instance_id text;
