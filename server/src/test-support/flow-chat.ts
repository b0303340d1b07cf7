/**
 * The engine tests' usual scene: a registered bot, a flow builder for it, and one Telegram user of the emulator who
 * writes to the bot in private, with a wait for the bot's next messages to that user.
 */
import { flowBuilder } from './flow-builder.ts';
import { eventually, registeredBot, type TelegramTestbed } from './telegram.ts';

export async function flowChat(bed: TelegramTestbed, person: { first_name: string; last_name?: string; username?: string }) {
  const registered = await registeredBot(bed);
  const user = bed.emulator.control.createUser(person);
  const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
  const say = (text: string) => bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text });
  /** Every message the bot sent to the user so far, once there are at least `count`. */
  const sent = (count: number) =>
    eventually(`${count} messages`, () => {
      const list = bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id });
      return list.length >= count ? list : undefined;
    });
  return { registered, user, build, say, sent };
}
