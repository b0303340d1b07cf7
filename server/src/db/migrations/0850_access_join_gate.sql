-- The join gate of each chat (docs/product.md#acessos, docs/decisions.md#paid-access): what the bot does with a join
-- request from someone without access, and the button puzzle it sends in private when the rule is the human check.

-- The rule of one chat; no row: the default (left to the administrators outside plans, declined in a plan's chats).
create table access_join_rules (
  channel_id uuid primary key references channels (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  rule text not null check (rule in ('admins', 'decline', 'challenge')),
  updated_at timestamptz not null default now()
);
create index access_join_rules_user_idx on access_join_rules (user_id);

-- One human check: the puzzle sent to a join requester's private chat. One attempt: the first answer settles it, and
-- a durable job declines it at expires_at when nobody answered. settled_at: Telegram was told (approve or decline),
-- so the timeout job finishes what a crash between the answer and the call left undone.
create table access_join_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  bot_id uuid not null references bots (id) on delete cascade,
  chat_id bigint not null,
  telegram_id bigint not null,
  nonce text not null,
  answer smallint not null,
  message_id bigint,
  status text not null default 'pending' check (status in ('pending', 'passed', 'failed', 'expired')),
  expires_at timestamptz not null,
  settled_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index access_join_challenges_nonce_idx on access_join_challenges (nonce);
create unique index access_join_challenges_pending_idx on access_join_challenges (bot_id, chat_id, telegram_id) where status = 'pending';
create index access_join_challenges_user_idx on access_join_challenges (user_id);

-- The gate's decisions now include a challenge sent; the decisions list pages by chat and time.
alter table access_gate_decisions drop constraint access_gate_decisions_decision_check;
alter table access_gate_decisions add constraint access_gate_decisions_decision_check
  check (decision in ('approved', 'declined', 'removed', 'kept', 'challenged'));
