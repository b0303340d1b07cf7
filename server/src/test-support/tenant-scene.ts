/**
 * A user holding one resource of every kind the API knows, made the way the product makes them: a bot registered
 * on the Telegram emulator, a chat it was promoted in (channel) with a welcome, a flow with a trigger, two text nodes,
 * a connection and a message, a contact and an execution from an emulator user writing to the bot, and an
 * uploaded media file. The safety-net tests aim every route at these ids.
 */
import { flowBuilder } from './flow-builder.ts';
import { registerUser } from './fixtures.ts';
import { PNG_1X1, uploadFile } from './media-upload.ts';
import { pushSubscriptionBody } from './route-fixtures.ts';
import { eventually, promotedChat, registeredBot, type TelegramTestbed } from './telegram.ts';

export type Tenant = Awaited<ReturnType<typeof tenantWithEverything>>;

export async function tenantWithEverything(bed: TelegramTestbed, marker: string) {
  const { server, emulator } = bed;
  const account = await registerUser(server, `Usuário ${marker}`);
  const registered = await registeredBot(bed, account);
  const { chat, channel } = await promotedChat(bed, registered, { type: 'supergroup', title: `Grupo ${marker}` });
  const token = account.tokens.accessToken;
  const welcome = await server.api(`/api/flows/channels/${channel.id}/welcome`, { token, json: { message: `Olá de ${marker}` } });
  if (welcome.status !== 200) throw new Error(`welcome: ${welcome.status} ${await welcome.text()}`);

  const build = flowBuilder(server, { token }, registered.bot.id);
  const flowId = await build.flow({ name: `Fluxo ${marker}` });
  const triggerNodeId = await build.node(flowId, 'trigger_contact_created');
  const nodeId = await build.node(flowId, 'send_text', { message: `Bem-vindo ${marker}` });
  const spareNodeId = await build.node(flowId, 'send_text', { message: `Sem ligação ${marker}` }, 1);
  const connectionId = await build.connect(flowId, triggerNodeId, nodeId);
  const message = await build.call('POST', `/flows/${flowId}/messages`, { content: `Mensagem ${marker}`, nodeId });
  if (message.status !== 201) throw new Error(`flow message: ${message.status} ${JSON.stringify(message.body)}`);
  const messageId = String(Reflect.get(Reflect.get(Reflect.get(Object(message.body), 'data'), 'message'), 'id'));

  const person = emulator.control.createUser({ first_name: `Contato ${marker}` });
  emulator.control.sendPrivateMessage({ from: person.id, bot: registered.token, text: 'oi' });
  const execution = await eventually('the execution of the trigger', async () => {
    const rows = await server.db.sql<{ id: string }[]>`select id from flow_executions where flow_id = ${flowId} and status = 'completed'`;
    return rows[0];
  });
  const contact = await eventually('the contact', async () => {
    await server.server.bots.flush();
    const rows = await server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${registered.bot.id} and telegram_id = ${person.id}`;
    return rows[0];
  });

  const inboxMessage = await eventually('the inbox message', async () => {
    await server.server.bots.flush();
    const rows = await server.db.sql<{ uid: string }[]>`select uid from messages where contact_id = ${contact.id} limit 1`;
    return rows[0];
  });

  const upload = await uploadFile(server, token, PNG_1X1, `foto-${marker}.png`, 'image/png');
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const mediaId = String(Reflect.get(Reflect.get(Reflect.get(Object(upload.body), 'data'), 'media'), 'id'));

  // A browser subscribed to web push, and an open conversation reported by one of its tabs.
  const push = pushSubscriptionBody(`${marker}-${crypto.randomUUID()}`);
  const subscribed = await server.api('/api/push/subscriptions', { token, json: push });
  if (subscribed.status !== 201) throw new Error(`push subscription: ${subscribed.status} ${await subscribed.text()}`);
  const present = await server.api('/api/push/presence', { method: 'PUT', token, json: { tabId: crypto.randomUUID(), contactId: contact.id } });
  if (present.status !== 200) throw new Error(`push presence: ${present.status} ${await present.text()}`);

  // A broadcast to the contact, a DRAFT (sending it is the broadcast tests' business).
  const created = await server.api('/api/broadcasts', {
    token, json: { name: `Disparo ${marker}`, botId: registered.bot.id, message: `Olá <b>${marker}</b>`, targetType: 'SELECTED', contactIds: [contact.id] },
  });
  if (created.status !== 201) throw new Error(`broadcast: ${created.status} ${await created.text()}`);
  const broadcastId = String(Reflect.get(Reflect.get(Reflect.get(Object(await created.json()), 'data'), 'broadcast'), 'id'));

  // A Meta pixel (its token carries the marker: a leak of it is caught like any other secret of the tenant).
  const pixel = await server.api('/api/pixels', { token, json: { name: `Pixel ${marker}`, pixelId: '123456789012345', accessToken: `EAAB${marker}${'t'.repeat(30)}` } });
  if (pixel.status !== 201) throw new Error(`pixel: ${pixel.status} ${await pixel.text()}`);
  const pixelId = String(Reflect.get(Reflect.get(Reflect.get(Object(await pixel.json()), 'data'), 'pixel'), 'id'));

  // A funnel on the chat with that pixel (its invite link made through the bot); its public id names the tracking calls.
  const funnel = await server.api('/api/funnels', { token, json: { name: `Funil ${marker}`, botId: registered.bot.id, channelId: channel.id, pixelIntegrationId: pixelId } });
  if (funnel.status !== 201) throw new Error(`funnel: ${funnel.status} ${await funnel.text()}`);
  const funnelData = Reflect.get(Reflect.get(Object(await funnel.json()), 'data'), 'funnel');
  const funnelId = String(Reflect.get(Object(funnelData), 'id'));
  const funnelUuid = String(Reflect.get(Object(funnelData), 'uuid'));

  return {
    marker,
    funnelId,
    funnelUuid,
    funnelScript: `${funnelUuid}.js`,
    broadcastId,
    pixelId,
    pushEndpoint: push.endpoint,
    userId: account.user.id,
    email: account.user.email,
    token,
    refreshToken: account.tokens.refreshToken,
    botId: registered.bot.id,
    botToken: registered.token,
    channelId: channel.id,
    chatId: String(chat.id),
    flowId,
    triggerNodeId,
    nodeId,
    spareNodeId,
    connectionId,
    messageId,
    executionId: execution.id,
    contactId: contact.id,
    inboxMessageId: inboxMessage.uid,
    contactTelegramId: String(person.id),
    mediaId,
  };
}
