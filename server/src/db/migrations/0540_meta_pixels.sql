-- Meta pixels (docs/product.md#entity-pixel, docs/decisions.md#d-funnels-pixel). The access token is write-only:
-- stored encrypted like bot tokens (lib/crypto.ts), answered only as the masked preview kept beside it.
create table meta_pixels (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  pixel_id text not null,
  token_encrypted text not null,
  token_preview text not null,
  -- How Meta treats the pixel's events (shared/pixels/schemas.ts PIXEL_STATUSES).
  status text not null default 'unused' check (status in ('unused', 'ok', 'error')),
  last_error text,
  last_error_at timestamptz,
  last_event_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index meta_pixels_user on meta_pixels (user_id, created_at desc);
