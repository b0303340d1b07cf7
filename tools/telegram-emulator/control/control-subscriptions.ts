// Channel subscriptions paid in Stars through a subscription invite link: paying joins the user with until_date one
// period ahead; each renewal moves until_date and reaches administrator bots as chat_member (member → member with the
// new until_date); a subscription the user canceled ends at until_date and the user leaves (member → left). Time
// passes with advanceTime, which renews or ends every subscription whose until_date went by.
import type { EmulatorCore } from '../core/emulator-core.ts';
import { setMember } from '../core/membership.ts';
import { randomCode } from '../core/payments.ts';
import type { ChatRecord, InviteLinkRecord, MemberRecord, User } from '../core/types.ts';
import { requireOutside, usableLink } from './control-membership.ts';
import { ControlError, findChat, findUser } from './control-setup.ts';

export interface SubscriptionInput {
  userId: number;
  chatId: number;
}

function recordPayment(core: EmulatorCore, chat: ChatRecord, user: User, link: InviteLinkRecord, untilDate: number): string {
  const chargeId = core.payments.newChargeId();
  core.payments.payments.push({
    kind: 'channel_subscription', telegramPaymentChargeId: chargeId, providerPaymentChargeId: `${user.id}_${randomCode(12)}`,
    userId: user.id, amount: link.subscriptionPrice ?? 0, currency: 'XTR', date: core.world.unixTime(), chatId: chat.id,
    inviteLink: link.link, subscriptionPeriod: link.subscriptionPeriod ?? 0, subscriptionExpirationDate: untilDate,
  });
  return chargeId;
}

/** The user opens a subscription link and pays its price: they join with until_date = now + period. */
export function paySubscription(core: EmulatorCore, input: { userId: number; inviteLink: string }): { status: 'joined'; chatId: number; untilDate: number; telegramPaymentChargeId: string } {
  const user = findUser(core, input.userId);
  const { chat, link } = usableLink(core, input.inviteLink);
  if (link.subscriptionPeriod === undefined) throw new ControlError('not a subscription link: use joinByLink');
  requireOutside(core, chat, user);
  core.sent.markAction();
  const untilDate = core.world.unixTime() + link.subscriptionPeriod;
  const chargeId = recordPayment(core, chat, user, link, untilDate);
  setMember(core, chat, user, { status: 'member', untilDate, subscription: { link: link.link, autoRenew: true } }, { from: user, inviteLink: link });
  return { status: 'joined', chatId: chat.id, untilDate, telegramPaymentChargeId: chargeId };
}

function subscriber(core: EmulatorCore, input: SubscriptionInput) {
  const chat = findChat(core, input.chatId);
  const user = findUser(core, input.userId);
  const member = chat.members.get(user.id);
  const link = member?.subscription ? chat.inviteLinks.get(member.subscription.link) : undefined;
  if (member?.status !== 'member' || !member.subscription || !link) throw new ControlError(`user ${user.id} has no subscription to chat ${chat.id}`);
  return { chat, user, member, link, subscription: member.subscription };
}

function renew(core: EmulatorCore, chat: ChatRecord, user: User, member: MemberRecord, link: InviteLinkRecord): number {
  const untilDate = (member.untilDate ?? core.world.unixTime()) + (link.subscriptionPeriod ?? 0);
  recordPayment(core, chat, user, link, untilDate);
  setMember(core, chat, user, { ...member, untilDate }, { from: user, inviteLink: link });
  return untilDate;
}

/** The next period is paid now: until_date moves one period on. */
export function renewSubscription(core: EmulatorCore, input: SubscriptionInput): { untilDate: number } {
  const { chat, user, member, link } = subscriber(core, input);
  core.sent.markAction();
  return { untilDate: renew(core, chat, user, member, link) };
}

/** The user turns renewal off: the membership lasts until until_date, then ends. */
export function cancelSubscription(core: EmulatorCore, input: SubscriptionInput): void {
  subscriber(core, input).subscription.autoRenew = false;
}

/** The subscription ends now (unpaid renewal): the user leaves the channel. */
export function expireSubscription(core: EmulatorCore, input: SubscriptionInput): void {
  const { chat, user } = subscriber(core, input);
  core.sent.markAction();
  setMember(core, chat, user, { status: 'left' }, { from: user });
}

/** Renews (auto-renewing) or ends every subscription whose until_date has passed; advanceTime calls it. */
export function settleSubscriptions(core: EmulatorCore): void {
  const now = core.world.unixTime();
  for (const chat of core.world.chats.values()) {
    for (const [userId, member] of [...chat.members]) {
      if (member.status !== 'member' || !member.subscription || (member.untilDate ?? 0) > now) continue;
      const user = core.world.userOrThrow(userId);
      const link = chat.inviteLinks.get(member.subscription.link);
      if (!member.subscription.autoRenew || !link || link.subscriptionPeriod === undefined) {
        setMember(core, chat, user, { status: 'left' }, { from: user });
        continue;
      }
      let current = member;
      while ((current.untilDate ?? 0) <= now) {
        renew(core, chat, user, current, link);
        current = chat.members.get(userId) ?? current;
      }
    }
  }
}
