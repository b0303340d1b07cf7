-- Labels ("Etiquetas", docs/decisions.md#teams): a workspace's named, coloured tags on contacts. user_id is the
-- workspace, like every tenant table. A name is unique per workspace whatever its case (lower(name)); the colour is
-- a key of the shared palette (shared/labels/schemas.ts), so every label stays legible on both themes.
create table labels (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  color text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index labels_user_name_idx on labels (user_id, lower(name));

-- Which labels a contact carries. user_id repeats the workspace so a filter reads one index without the contact.
create table contact_labels (
  contact_id uuid not null references contacts (id) on delete cascade,
  label_id uuid not null references labels (id) on delete cascade,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (contact_id, label_id)
);
create index contact_labels_label_idx on contact_labels (label_id, contact_id);

-- A broadcast to the contacts of its bot that carry one label. A deleted label leaves the broadcast without an
-- audience (label_id null), never silently sent to everyone.
alter table broadcasts drop constraint if exists broadcasts_target_type_check;
alter table broadcasts add constraint broadcasts_target_type_check check (target_type in ('ALL', 'SELECTED', 'LABEL'));
alter table broadcasts add column label_id uuid references labels (id) on delete set null;

-- Labels reach the devices through the sync change log (docs/offline-sync.md#rule-5); a contact's labels travel
-- in its own row (labelIds), whose version the writers of contact_labels bump by touching the contact.
create constraint trigger labels_sync after insert or update or delete on labels
  deferrable initially deferred for each row execute function sync_record_change('labels');
