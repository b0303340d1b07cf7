// getMe and the two exclusive ways of receiving updates: long polling and webhooks.
import { badRequest, conflict, CONFLICT_WEBHOOK_ACTIVE } from '../core/bot-api-error.ts';
import { UPDATE_TYPES, type UpdateType } from '../core/types.ts';
import { withDescription } from './method-result.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

function readAllowedUpdates(call: MethodCall): UpdateType[] | undefined {
  const value = call.params.optJson('allowed_updates');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badRequest("can't parse allowed updates JSON object");
  // Telegram ignores names it does not know rather than failing.
  return UPDATE_TYPES.filter((type) => value.includes(type));
}

const getUpdates: MethodHandler = (call) => {
  const { core, bot, params } = call;
  if (bot.webhook) throw conflict(CONFLICT_WEBHOOK_ACTIVE);
  const queue = core.world.queueOf(bot.user.id);
  queue.setAllowedUpdates(readAllowedUpdates(call));
  const limit = Math.min(100, Math.max(1, params.optInt('limit') ?? 100));
  const timeoutSeconds = Math.max(0, params.optInt('timeout') ?? 0);
  return queue.poll({ offset: params.optInt('offset'), limit, timeoutSeconds, ...(call.signal ? { signal: call.signal } : {}) });
};

const setWebhook: MethodHandler = (call) => {
  const { core, bot, params } = call;
  const url = params.optString('url') ?? '';
  const queue = core.world.queueOf(bot.user.id);
  if (url === '') return deleteWebhook(call);
  // Telegram demands HTTPS; the emulator also takes plain HTTP so local servers can receive updates.
  if (!/^https?:\/\/[^\s/]+/i.test(url)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  const secretToken = params.optString('secret_token');
  if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken)) {
    throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = params.optInt('max_connections') ?? 40;
  if (maxConnections < 1 || maxConnections > 100) throw badRequest('bad webhook: invalid max_connections');
  queue.setAllowedUpdates(readAllowedUpdates(call));
  if (params.bool('drop_pending_updates')) queue.dropPending();
  const same = bot.webhook?.url === url && bot.webhook.secretToken === secretToken;
  bot.webhook = { url, maxConnections, ...(secretToken ? { secretToken } : {}) };
  queue.cancelPoll(conflict(CONFLICT_WEBHOOK_ACTIVE));
  core.senderOf(bot).kick();
  return withDescription(true, same ? 'Webhook is already set' : 'Webhook was set');
};

const deleteWebhook: MethodHandler = ({ core, bot, params }) => {
  const queue = core.world.queueOf(bot.user.id);
  if (params.bool('drop_pending_updates')) queue.dropPending();
  if (!bot.webhook) return withDescription(true, 'Webhook is already deleted');
  delete bot.webhook;
  return withDescription(true, 'Webhook was deleted');
};

const getWebhookInfo: MethodHandler = ({ core, bot }) => {
  const queue = core.world.queueOf(bot.user.id);
  const webhook = bot.webhook;
  if (!webhook) return { url: '', has_custom_certificate: false, pending_update_count: queue.pendingCount };
  const allowed = queue.allowedUpdates;
  return {
    url: webhook.url,
    has_custom_certificate: false,
    pending_update_count: queue.pendingCount,
    ip_address: '127.0.0.1',
    max_connections: webhook.maxConnections,
    ...(allowed.length > 0 ? { allowed_updates: allowed } : {}),
    ...(webhook.lastErrorDate !== undefined ? { last_error_date: webhook.lastErrorDate, last_error_message: webhook.lastErrorMessage } : {}),
  };
};

export const updateMethods: Record<string, MethodHandler> = {
  getMe: ({ bot }) => bot.user,
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  logOut: () => true,
  close: () => true,
};
