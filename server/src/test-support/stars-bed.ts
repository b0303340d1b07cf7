/**
 * The Telegram Stars tests' scene (server/src/modules/access/stars*.test.ts): the real server and the Bot API emulator,
 * an owner whose bot administers a channel (subscription links) and a supergroup (invoices), and the calls they make.
 */
import { expect } from 'bun:test';
import { accessMemberListResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from './telegram.ts';

export type StarsBed = Awaited<ReturnType<typeof startStarsBed>>;

export async function startStarsBed(names = { channel: 'Canal VIP', group: 'Grupo VIP' }) {
  const bed: TelegramTestbed = await startTelegramTestbed();
  const owner = await registeredBot(bed);
  const made = await promotedChat(bed, owner, { type: 'channel', title: names.channel });
  const vip = await promotedChat(bed, owner, { type: 'supergroup', title: names.group });
  const channel = { id: made.channel.id, chatId: made.chat.id };
  const group = { id: vip.channel.id, chatId: vip.chat.id };

  async function call(method: string, path: string, json?: unknown) {
    const response = await bed.server.api(`/api${path}`, { method, token: owner.auth.token, ...(json === undefined ? {} : { json }) });
    return { status: response.status, body: await response.json() };
  }
  const newPlan = async (json: Record<string, unknown>) => {
    const answer = await call('POST', '/access/plans', { name: 'VIP Stars', botId: owner.bot.id, channelIds: [channel.id], durationDays: 30, ...json });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return planResponseSchema.parse(answer.body).data.plan;
  };
  const membersOf = async (planId: string) => accessMemberListResponseSchema.parse((await call('GET', `/access/plans/${planId}/members`)).body).data.members;
  const memberOf = async (planId: string, telegramId: number, check: (member: AccessMember) => boolean = () => true) =>
    eventually(`the access of ${telegramId}`, async () => (await membersOf(planId)).find((member) => member.telegramId === String(telegramId) && check(member)));
  const buyer = (name: string) => bed.emulator.control.createUser({ first_name: name });
  return { bed, owner, channel, group, call, newPlan, membersOf, memberOf, buyer };
}
