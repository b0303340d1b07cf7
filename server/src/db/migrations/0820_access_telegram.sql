-- Paid access in Telegram (docs/decisions.md#paid-access): the single-use invite links the bot issued for each
-- access, the gate's decisions per chat, and the claim code an access was linked with (so the same person opening
-- the claim link again gets fresh invite links instead of a refusal).

alter table access_members add column used_claim_code text;
create unique index access_members_used_claim_idx on access_members (used_claim_code) where used_claim_code is not null;

-- One invite link the bot created for one access in one chat (member_limit 1, expiring). A join through it by
-- anyone but the access's Telegram account is a leaked link: that person is removed and the link revoked.
create table access_invite_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  member_id uuid not null references access_members (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  invite_link text not null,
  expires_at timestamptz not null,
  used_by bigint,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index access_invite_links_link_idx on access_invite_links (bot_id, chat_id, invite_link);
create index access_invite_links_member_idx on access_invite_links (member_id);
create index access_invite_links_user_idx on access_invite_links (user_id);

-- What the join gate decided in a chat of a plan: a join request approved or declined, a leaked link's user removed.
-- member_id: the access the decision was about (the holder's, or the one whose link leaked).
create table access_gate_decisions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  telegram_id bigint not null,
  member_id uuid references access_members (id) on delete set null,
  decision text not null check (decision in ('approved', 'declined', 'removed', 'kept')),
  reason text not null,
  created_at timestamptz not null default now()
);
create index access_gate_decisions_chat_idx on access_gate_decisions (bot_id, chat_id, created_at desc);
create index access_gate_decisions_user_idx on access_gate_decisions (user_id);
