import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function setup() {
  const registered = await registeredBot(bed);
  const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
  const textsTo = (chatId: number) => bed.emulator.control.sentMessages({ token: registered.token, chatId }).map((m) => m.text);
  return { registered, build, textsTo };
}

/** The journal writes contacts every few ms: wait until the runtime wrote what it holds, then a little more. */
async function settle() {
  await bed.server.server.bots.flush();
  await Bun.sleep(150);
  await bed.server.server.bots.flush();
}

describe('contact triggers', () => {
  test('a new user messaging the bot fires trigger_contact_created once, with the contact variables', async () => {
    const { registered, build, textsTo } = await setup();
    const flowId = await build.flow();
    await build.chain(flowId, [
      await build.node(flowId, 'trigger_contact_created'),
      await build.node(flowId, 'send_text', { message: 'Bem-vindo, {{contact.firstName}} (@{{contact.username}})!' }),
    ]);
    const user = bed.emulator.control.createUser({ first_name: 'Ana', username: 'ana_nova' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
    const welcome = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
    expect(welcome.text).toBe('Bem-vindo, Ana (@ana_nova)!');
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'de novo' });
    await settle();
    expect(textsTo(user.id)).toEqual(['Bem-vindo, Ana (@ana_nova)!']);
  });

  test('a username change fires trigger_contact_updated only where username is watched', async () => {
    const { registered, build, textsTo } = await setup();
    const watching = await build.flow({ name: 'Username' });
    await build.chain(watching, [
      await build.node(watching, 'trigger_contact_updated', { watchFields: ['username'] }),
      await build.node(watching, 'send_text', { message: 'Novo username: @{{contact.username}}' }),
    ]);
    const namesOnly = await build.flow({ name: 'Nomes' });
    await build.chain(namesOnly, [
      await build.node(namesOnly, 'trigger_contact_updated', { watchFields: ['firstName', 'lastName'] }),
      await build.node(namesOnly, 'send_text', { message: 'Novo nome: {{contact.firstName}}' }),
    ]);
    const user = bed.emulator.control.createUser({ first_name: 'Bruno', username: 'bruno_antigo' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
    await settle();
    // Created, not updated: neither flow ran for the first message, nor for a second one with nothing changed.
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi de novo' });
    await settle();
    expect(textsTo(user.id)).toEqual([]);

    bed.emulator.control.updateUser({ id: user.id, username: 'bruno_novo' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'mudei' });
    const sent = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
    expect(sent.text).toBe('Novo username: @bruno_novo');
    await settle();
    expect(textsTo(user.id)).toEqual(['Novo username: @bruno_novo']);

    bed.emulator.control.updateUser({ id: user.id, first_name: 'Bruna' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'mudei o nome' });
    await eventually('the name flow', () => textsTo(user.id).length === 2);
    expect(textsTo(user.id)).toEqual(['Novo username: @bruno_novo', 'Novo nome: Bruna']);
  });

  test('contact triggers respect the execution contexts: a group join does not run a private-only flow', async () => {
    const { registered, build, textsTo } = await setup();
    const flowId = await build.flow({ executionContexts: ['private'] });
    await build.chain(flowId, [await build.node(flowId, 'trigger_contact_created'), await build.node(flowId, 'send_text', { message: 'olá' })]);
    const owner = bed.emulator.control.createUser({ first_name: 'Dono' });
    const chat = bed.emulator.control.createChat({ type: 'supergroup', title: 'Grupo', creatorId: owner.id });
    bed.emulator.control.promoteBot({ chatId: chat.id, bot: registered.token });
    const member = bed.emulator.control.createUser({ first_name: 'Carla' });
    bed.emulator.control.joinChat({ userId: member.id, chatId: chat.id });
    await settle();
    expect(textsTo(chat.id)).toEqual([]);
    expect(textsTo(member.id)).toEqual([]);
    const contacts = await bed.server.db.sql`select 1 from contacts where bot_id = ${registered.bot.id} and telegram_id = ${member.id}`;
    expect(contacts).toHaveLength(1);
  });

  test("an entry through a funnel fires that funnel's trigger_contact_from_funnel only, where the contact entered", async () => {
    const { registered, build, textsTo } = await setup();
    const { chat: channel } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal do Funil' });
    // The promotion's update makes its sender a contact: handled before the flows below exist, or "criado" could fire.
    await settle();
    const inChannel = { executionContexts: ['channel'], allowedChannelIds: [String(channel.id)] };
    const mine = await build.flow({ name: 'Funil A', ...inChannel });
    await build.chain(mine, [
      await build.node(mine, 'trigger_contact_from_funnel', { funnelId: 'funil-a' }),
      await build.node(mine, 'send_text', { message: 'Veio do funil: {{contact.firstName}}' }),
    ]);
    const other = await build.flow({ name: 'Funil B', ...inChannel });
    await build.chain(other, [await build.node(other, 'trigger_contact_from_funnel', { funnelId: 'funil-b' }), await build.node(other, 'send_text', { message: 'outro funil' })]);
    const created = await build.flow({ name: 'Novo contato', ...inChannel });
    await build.chain(created, [await build.node(created, 'trigger_contact_created'), await build.node(created, 'send_text', { message: 'criado' })]);

    await bed.server.server.bots.contactEnteredFunnel({
      botId: registered.bot.id,
      funnelId: 'funil-a',
      contact: { telegramId: 777001, firstName: 'Bia', lastName: null, username: null },
      chat: { id: channel.id, type: 'channel', title: 'Canal do Funil' },
    });
    expect(await eventually('the funnel message', () => textsTo(channel.id).length > 0 && textsTo(channel.id))).toEqual(['Veio do funil: Bia']);
    await settle();
    expect(textsTo(channel.id)).toEqual(['Veio do funil: Bia']);
  });
});

describe('contact triggers across an instance going away', () => {
  test('a new contact\'s flow start is stored with the contact: claimed by the next owner when this one never ran it', async () => {
    const first = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url } });
    const local: TelegramTestbed = { emulator: bed.emulator, server: first, stop: () => first.stop() };
    try {
      const registered = await registeredBot(local);
      const build = flowBuilder(first, registered.auth, registered.bot.id);
      const flowId = await build.flow();
      await build.chain(flowId, [await build.node(flowId, 'trigger_contact_created'), await build.node(flowId, 'send_text', { message: 'Bem-vinda, {{contact.firstName}}!' })]);
      const textsTo = (chatId: number) => bed.emulator.control.sentMessages({ token: registered.token, chatId }).map((m) => m.text);
      // From now on no job can be claimed here: as if this instance were killed right after the journal's flush.
      await first.db.sql.unsafe(`
        create function refuse_contact_events() returns trigger language plpgsql as $$ begin raise exception 'tarefa recusada no teste'; end $$;
        create trigger refuse_contact_events before update on jobs for each row when (new.kind = 'flow.contact-event') execute function refuse_contact_events();`);
      const user = bed.emulator.control.createUser({ first_name: 'Clara' });
      bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
      const events = () => first.db.sql<{ status: string; telegramId: number; created: boolean }[]>`
        select status, (payload->'change'->>'telegramId')::bigint::float8 as "telegramId", (payload->'change'->>'created')::boolean as created
        from jobs where kind = 'flow.contact-event' and scope = ${`bot:${registered.bot.id}`}`;
      // The contact and the start of its flow were committed together.
      const stored = await eventually('the contact event stored with the contact', async () => {
        const rows = await events();
        return rows.length > 0 && rows;
      });
      expect([...stored]).toEqual([{ status: 'queued', telegramId: user.id, created: true }]);
      const contacts = await first.db.sql`select 1 from contacts where bot_id = ${registered.bot.id} and telegram_id = ${user.id}`;
      expect(contacts).toHaveLength(1);
      await Bun.sleep(300);
      expect(textsTo(user.id)).toEqual([]);
      await first.server.stop();
      await first.db.sql.unsafe('drop trigger refuse_contact_events on jobs; drop function refuse_contact_events();');
      const second = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url }, database: first.db });
      try {
        await eventually('the flow started by the next owner', () => textsTo(user.id).length > 0);
        await Bun.sleep(300);
        expect(textsTo(user.id)).toEqual(['Bem-vinda, Clara!']);
        expect((await events()).map((row) => row.status)).toEqual(['done']);
      } finally {
        await second.server.stop();
      }
    } finally {
      await first.server.stop();
      await first.graph?.stop();
      await first.db.close();
    }
  }, 60_000);
});
