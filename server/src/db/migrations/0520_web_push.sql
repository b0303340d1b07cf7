-- Web push (docs/decisions.md#web-push): the server's VAPID key pair, each user's browser subscriptions, and which
-- conversation each open tab shows (a push for a conversation the user is looking at is not sent).

-- One row: made on first start. The private key is encrypted with ENCRYPTION_KEY like bot tokens (lib/crypto.ts).
create table push_vapid_keys (
  id smallint primary key default 1 check (id = 1),
  public_key text not null,
  private_key_encrypted text not null,
  created_at timestamptz not null default now()
);

-- A browser's PushSubscription (endpoint + the keys its payloads are encrypted to). Per user: the same endpoint
-- under two accounts is two rows, and each account sees and removes only its own.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint push_subscriptions_user_endpoint unique (user_id, endpoint)
);

-- Heartbeats of open, visible tabs (PUT /api/push/presence every ~20 s, a short TTL): shared by every server
-- process through the database. No foreign key on contact_id: a row only ever silences its own user's pushes.
create table push_presence (
  user_id uuid not null references users (id) on delete cascade,
  tab_id uuid not null,
  contact_id uuid not null,
  expires_at timestamptz not null,
  primary key (user_id, tab_id)
);
create index push_presence_contact_idx on push_presence (user_id, contact_id, expires_at);
