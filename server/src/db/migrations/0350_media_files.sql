-- Uploaded media (docs/decisions.md#d-media): the bytes live under DATA_DIR/media/<user id>/<file id>, this row says whose
-- they are and what they are (the type found from the file's first bytes, never the declared one).
create table media_files (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  file_name text not null,
  content_type text not null,
  media_type text not null check (media_type in ('photo', 'video', 'audio', 'document')),
  size_bytes integer not null check (size_bytes > 0),
  created_at timestamptz not null default now()
);
create index media_files_user_idx on media_files (user_id, created_at desc);
