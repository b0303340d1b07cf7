/**
 * A user holding one resource of every kind the API knows, made the way the product makes them: a bot registered
 * on the Telegram emulator, a chat it was promoted in (channel) with a welcome, a flow with a trigger, two text nodes,
 * a connection and a message, a contact and an execution from an emulator user writing to the bot, and an
 * uploaded media file. The safety-net tests aim every route at these ids.
 */
import { createdApiKeyResponseSchema } from '@shared/api-keys/schemas.ts';
import { flowBuilder } from './flow-builder.ts';
import { registerUser } from './fixtures.ts';
import { PNG_1X1, uploadFile } from './media-upload.ts';
import { pushSubscriptionBody } from './route-fixtures.ts';
import { eventually, promotedChat, registeredBot, type TelegramTestbed } from './telegram.ts';
import { webhookWithDelivery } from './webhook-scene.ts';

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

  // An invitation to the tenant's workspace, never accepted: its link must reach nobody else.
  const invited = await server.api('/api/team/invitations', { token, json: { role: 'agent' } });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status} ${await invited.text()}`);
  const invitationToken = String(Reflect.get(Reflect.get(Reflect.get(Object(await invited.json()), 'data'), 'invitation'), 'token'));

  // An internal note on the contact and a quick reply of the workspace (their texts carry the marker).
  const noteId: string = crypto.randomUUID();
  const note = await server.api(`/api/messages/contact/${contact.id}/notes`, { token, json: { id: noteId, text: `Nota ${marker}` } });
  if (note.status !== 200) throw new Error(`note: ${note.status} ${await note.text()}`);
  const quick = await server.api('/api/quick-replies', { token, json: { shortcut: 'ola', text: `Olá {firstName}, ${marker}` } });
  if (quick.status !== 201) throw new Error(`quick reply: ${quick.status} ${await quick.text()}`);
  const quickReplyId = String(Reflect.get(Reflect.get(Reflect.get(Object(await quick.json()), 'data'), 'quickReply'), 'id'));

  // A label on the contact (its name carries the marker, cut to the name's limit).
  const labelled = await server.api('/api/labels', { token, json: { name: `Etiqueta ${marker}`.slice(0, 30), color: 'blue' } });
  if (labelled.status !== 201) throw new Error(`label: ${labelled.status} ${await labelled.text()}`);
  const labelId = String(Reflect.get(Reflect.get(Reflect.get(Object(await labelled.json()), 'data'), 'label'), 'id'));
  const applied = await server.api(`/api/contacts/${contact.id}/labels`, { method: 'PUT', token, json: { labelIds: [labelId] } });
  if (applied.status !== 200) throw new Error(`contact labels: ${applied.status} ${await applied.text()}`);

  // A contacts import's dry-run, never started (its file name carries the marker).
  const csv = `Telegram ID;Nome;Etiquetas\n${900_000_000 + Math.floor(Math.random() * 1e8)};Importado ${marker};Etiqueta ${marker}`.slice(0, 200);
  const imported = await server.api('/api/contacts/imports', { token, json: { botId: registered.bot.id, csv, fileName: `contatos-${marker}.csv` } });
  if (imported.status !== 201) throw new Error(`contact import: ${imported.status} ${await imported.text()}`);
  const contactImportId = String(Reflect.get(Reflect.get(Reflect.get(Object(await imported.json()), 'data'), 'import'), 'id'));

  // An access plan on the chat and a manual grant (the buyer's e-mail carries the marker).
  const planned = await server.api('/api/access/plans', { token, json: { name: `Plano ${marker}`.slice(0, 80), botId: registered.bot.id, channelIds: [channel.id], durationDays: 30 } });
  if (planned.status !== 201) throw new Error(`access plan: ${planned.status} ${await planned.text()}`);
  const accessPlanId = String(Reflect.get(Reflect.get(Reflect.get(Object(await planned.json()), 'data'), 'plan'), 'id'));
  const granted = await server.api(`/api/access/plans/${accessPlanId}/members`, { token, json: { email: `comprador-${crypto.randomUUID().slice(0, 8)}@exemplo.com`, name: `Comprador ${marker}`, days: 30 } });
  if (granted.status !== 201) throw new Error(`access grant: ${granted.status} ${await granted.text()}`);
  const accessMemberId = String(Reflect.get(Reflect.get(Reflect.get(Object(await granted.json()), 'data'), 'member'), 'id'));
  // A purchase webhook in the plan's log: the console's test purchase through the generic gateway.
  const tested = await server.api(`/api/access/plans/${accessPlanId}/test-purchase`, { token, json: { gateway: 'generic', email: `teste-${crypto.randomUUID().slice(0, 8)}@exemplo.com` } });
  if (tested.status !== 200) throw new Error(`test purchase: ${tested.status} ${await tested.text()}`);
  const accessWebhookId = String(Reflect.get(Reflect.get(Reflect.get(Object(await tested.json()), 'data'), 'webhook'), 'id'));

  // An API key of the workspace (its name carries the marker; the secret must never show again).
  const keyed = await server.api('/api/api-keys', { token, json: { name: `Chave ${marker}`.slice(0, 80), scopes: ['contacts:read'] } });
  if (keyed.status !== 201) throw new Error(`api key: ${keyed.status} ${await keyed.text()}`);
  const { key: apiKey, apiKey: { id: apiKeyId } } = createdApiKeyResponseSchema.parse(await keyed.json()).data;
  const { webhookId, webhookDeliveryId } = await webhookWithDelivery(server, token, marker);

  return {
    marker,
    apiKey,
    apiKeyId,
    webhookId,
    webhookDeliveryId,
    accessPlanId,
    accessMemberId,
    accessWebhookId,
    accessGateway: 'generic',
    labelId,
    contactImportId,
    invitationToken,
    noteId,
    quickReplyId,
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
