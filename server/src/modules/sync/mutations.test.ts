import { afterAll, beforeAll, expect, test } from 'bun:test';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { contactResponseSchema } from '@shared/contacts/schemas.ts';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
import { notesResponseSchema } from '@shared/notes/schemas.ts';
import { MUTATION_NAMES, type MutationArgs, type MutationName } from '@shared/sync/mutations.ts';
import { welcomeResponseSchema } from '@shared/welcome/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

test('every named mutation applies once through push and its effect is what the REST API then answers', async () => {
  const registered = await registeredBot(bed);
  const { channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Offline' });
  const client = syncClient(bed.server, registered.auth.token);
  const used = new Set<MutationName>();
  const push = async <N extends MutationName>(name: N, args: MutationArgs<N>) => {
    used.add(name);
    const answer = await client.push([client.envelope(name, args)]);
    expect({ name, result: answer.results[0] }).toEqual({ name, result: { mutationId: answer.lastMutationId, status: 'applied' } });
  };
  const get = async (path: string) => {
    const response = await bed.server.api(`/api${path}`, registered.auth);
    return { status: response.status, body: await response.json() };
  };
  const flow = async (id: string) => flowResponseSchema.parse((await get(`/flows/${id}`)).body).data.flow;

  await push('welcome.save', { channelId: channel.id, welcome: { message: 'Olá {firstName}', autoApprove: false } });
  expect(welcomeResponseSchema.parse((await get(`/flows/channels/${channel.id}/welcome`)).body).data.welcomeMessage).toMatchObject({
    message: 'Olá {firstName}',
    enabled: true,
    autoApprove: false,
  });

  const flowId = crypto.randomUUID();
  await push('flow.create', { flow: { id: flowId, name: 'Offline', botId: registered.bot.id, executionContexts: ['private'] } });
  expect(await flow(flowId)).toMatchObject({ id: flowId, name: 'Offline', enabled: true });
  await push('flow.update', { flowId, changes: { name: 'Renomeado offline', description: 'feito no avião' } });
  await push('flow.setEnabled', { flowId, enabled: false });
  expect(await flow(flowId)).toMatchObject({ name: 'Renomeado offline', description: 'feito no avião', enabled: false });

  const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await push('node.create', { node: { id: a, flowId, type: 'trigger', subType: 'trigger_command', config: { command: '/start' } } });
  await push('node.create', { node: { id: b, flowId, type: 'action', subType: 'send_text', config: { message: 'Oi' } } });
  await push('node.create', { node: { id: c, flowId, type: 'action', subType: 'send_text' } });
  await push('node.update', { nodeId: b, changes: { label: 'Saudação', config: { message: 'Olá de novo' } } });
  await push('node.savePositions', {
    flowId,
    positions: [
      { nodeId: a, position: { x: 10, y: 11 } },
      { nodeId: b, position: { x: 20, y: 21 } },
      { nodeId: crypto.randomUUID(), position: { x: 1, y: 1 } },
    ],
  });
  const [ab, ac] = [crypto.randomUUID(), crypto.randomUUID()];
  await push('connection.create', { connection: { id: ab, flowId, sourceNodeId: a, targetNodeId: b } });
  await push('connection.create', { connection: { id: ac, flowId, sourceNodeId: a, targetNodeId: c } });
  let graph = await flow(flowId);
  expect(graph.nodes?.find((node) => node.id === b)).toMatchObject({ label: 'Saudação', config: { message: 'Olá de novo' }, position: { x: 20, y: 21 } });
  expect(graph.nodes?.find((node) => node.id === a)?.position).toEqual({ x: 10, y: 11 });
  expect(graph.connections?.map((edge) => edge.id).sort()).toEqual([ab, ac].sort());

  await push('connection.delete', { connectionId: ac });
  await push('node.delete', { nodeId: b });
  graph = await flow(flowId);
  expect(graph.nodes?.map((node) => node.id).sort()).toEqual([a, c].sort());
  expect(graph.connections).toEqual([]);
  await push('flow.delete', { flowId });
  expect((await get(`/flows/${flowId}`)).status).toBe(404);

  // The inbox: a reply claimed in the push and sent once after its commit; opening the conversation reads it.
  const user = bed.emulator.control.createUser({ first_name: 'Bia' });
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'Oi' });
  const conversations = async () => conversationsResponseSchema.parse((await get('/messages/conversations')).body).data.conversations;
  const contactId = await eventually('the conversation', async () => (await conversations())[0]?.contactId);
  const replyId = crypto.randomUUID();
  await push('message.send', { message: { id: replyId, botId: registered.bot.id, contactId, text: 'Resposta offline' } });
  expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((m) => m.text)).toEqual(['Resposta offline']);
  await push('conversation.markRead', { contactId });
  expect((await conversations())[0]).toMatchObject({ unreadCount: 0, lastMessageId: replyId, lastMessage: { status: 'SENT' } });
  const noteId = crypto.randomUUID();
  await push('note.create', { note: { id: noteId, contactId, text: 'Nota offline' } });
  expect(notesResponseSchema.parse((await get(`/messages/contact/${contactId}/notes`)).body).data.notes).toMatchObject([{ id: noteId, text: 'Nota offline' }]);
  await push('conversation.assign', { contactId, assigneeId: registered.account.user.id });
  await push('conversation.setStatus', { contactId, status: 'RESOLVED' });
  expect((await conversations())[0]).toMatchObject({ assigneeId: registered.account.user.id, status: 'RESOLVED' });

  // A broadcast drafted offline: created with the client's id, edited, removed.
  const broadcastId = crypto.randomUUID();
  await push('broadcast.create', { broadcast: { id: broadcastId, name: 'Promoção offline', botId: registered.bot.id, message: 'Oi <b>todos</b>' } });
  expect(broadcastResponseSchema.parse((await get(`/broadcasts/${broadcastId}`)).body).data.broadcast).toMatchObject({ id: broadcastId, name: 'Promoção offline', status: 'DRAFT' });
  await push('broadcast.update', { broadcastId, changes: { name: 'Promoção revisada' } });
  expect(broadcastResponseSchema.parse((await get(`/broadcasts/${broadcastId}`)).body).data.broadcast.name).toBe('Promoção revisada');
  await push('broadcast.delete', { broadcastId });
  expect((await get(`/broadcasts/${broadcastId}`)).status).toBe(404);

  await push('bot.setBroadcastRate', { botId: registered.bot.id, broadcastRate: 250 });
  expect(botResponseSchema.parse((await get(`/bots/${registered.bot.id}`)).body).data.bot.broadcastRate).toBe(250);

  // Runtime effects run after the commit: the bot stops, starts again, and is gone with its removal.
  await push('bot.setActive', { botId: registered.bot.id, isActive: false });
  expect(botResponseSchema.parse((await get(`/bots/${registered.bot.id}`)).body).data.bot.isActive).toBe(false);
  expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(false);
  await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));
  await push('bot.setActive', { botId: registered.bot.id, isActive: true });
  await eventually('polling to resume', () => bed.emulator.control.isPolling(registered.token));
  const offlineUser = bed.emulator.control.createUser({ first_name: 'Offline' });
  bed.emulator.control.sendPrivateMessage({ from: offlineUser.id, bot: registered.token, text: 'oi' });
  const offlineContactId = await eventually('the contact', async () => {
    await bed.server.server.bots.flush();
    const rows = await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${registered.bot.id} and telegram_id = ${offlineUser.id}`;
    return rows[0]?.id;
  });
  await push('contact.update', { contactId: offlineContactId, changes: { lastName: 'Editado', phoneNumber: '+55 11 91234-5678' } });
  expect(contactResponseSchema.parse((await get(`/contacts/${offlineContactId}`)).body).data.contact).toMatchObject({
    firstName: 'Offline',
    lastName: 'Editado',
    phoneNumber: '+55 11 91234-5678',
  });
  // Labels made, renamed, applied and removed offline.
  const labelId = crypto.randomUUID();
  await push('label.create', { label: { id: labelId, name: 'Offline', color: 'amber' } });
  await push('label.update', { labelId, changes: { name: 'Offline renomeada' } });
  await push('contact.setLabels', { contactId: offlineContactId, labelIds: [labelId] });
  expect(contactResponseSchema.parse((await get(`/contacts/${offlineContactId}`)).body).data.contact.labelIds).toEqual([labelId]);
  await push('label.delete', { labelId });
  expect(contactResponseSchema.parse((await get(`/contacts/${offlineContactId}`)).body).data.contact.labelIds).toEqual([]);
  await push('contact.delete', { contactId: offlineContactId });
  expect((await get(`/contacts/${offlineContactId}`)).status).toBe(404);

  await push('bot.delete', { botId: registered.bot.id });
  expect((await get(`/bots/${registered.bot.id}`)).status).toBe(404);
  expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(false);

  expect([...used].sort()).toEqual([...MUTATION_NAMES].sort());
}, 60_000);

test('overwrites of one row in one push (welcome saves, flow renames and toggles): a later one stands in for the earlier ones, every id answers as if each ran', async () => {
  const registered = await registeredBot(bed);
  const { chat, channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Rascunho' });
  const client = syncClient(bed.server, registered.auth.token);
  const flowId = crypto.randomUUID();
  const missing = crypto.randomUUID();
  const save = (message: string, channelId = channel.id) => client.envelope('welcome.save', { channelId, welcome: { message } });
  const batch = [
    client.envelope('flow.create', { flow: { id: flowId, name: 'Entre', botId: registered.bot.id, executionContexts: ['private'] } }),
    save('Um {firstName}'),
    client.envelope('flow.update', { flowId, changes: { name: 'Entre os rascunhos' } }),
    client.envelope('flow.setEnabled', { flowId, enabled: false }),
    save('Dois {firstName}'),
    client.envelope('flow.update', { flowId, changes: { name: 'Nome', description: 'Descrição' } }),
    client.envelope('flow.setEnabled', { flowId, enabled: true }),
    save('   '),
    // Sets only the name: the description above must still be written.
    client.envelope('flow.update', { flowId, changes: { name: 'Nome final' } }),
    client.envelope('flow.setEnabled', { flowId, enabled: false }),
    save('Três {firstName}'),
    // A save whose stand-in is refused (not this user's channel): the chunk is redone with every save written.
    save('Quatro', missing),
    save('Cinco', missing),
  ];
  const expected = [
    ...Array(7).fill('applied'), 'Mensagem não pode ser vazia', 'applied', 'applied', 'applied', 'Recurso não encontrado', 'Recurso não encontrado',
  ];
  const outcome = (answer: Awaited<ReturnType<typeof client.push>>) =>
    answer.results.map((result) => (result.status === 'failed' ? result.message : result.status));
  const answer = await client.push(batch);
  expect(answer.lastMutationId).toBe(batch.length);
  expect(outcome(answer)).toEqual(expected);
  // The refusals were recorded one by one: a resend learns each reason again.
  expect(outcome(await client.push(batch))).toEqual(expected.map((status) => (status === 'applied' ? 'alreadyApplied' : status)));
  const stored = await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, registered.auth);
  expect(welcomeResponseSchema.parse(await stored.json()).data.welcomeMessage).toMatchObject({ message: 'Três {firstName}' });
  const flow = await bed.server.api(`/api/flows/${flowId}`, registered.auth);
  expect(flowResponseSchema.parse(await flow.json()).data.flow).toMatchObject({ name: 'Nome final', description: 'Descrição', enabled: false });
  // The running bot's cache was dropped: the next join is welcomed with the last save.
  const user = bed.emulator.control.createUser({ first_name: 'Rita' });
  const since = bed.emulator.control.mark();
  bed.emulator.control.joinChat({ userId: user.id, chatId: chat.id });
  expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id, since })).text).toBe('Três Rita');
});
