// The control API over HTTP for tests and demos in another process (Playwright, `bun run demo`):
// POST /control/<kebab-case name> with the same JSON input as the typed function; GET works too, with the
// input as query parameters. Answers {ok:true,result} or {ok:false,error} with status 400.
import { BotApiError } from '../core/bot-api-error.ts';
import type { EmulatorControl } from './control-api.ts';
import { JoinRefusedError } from './control-membership.ts';
import { ControlError } from './control-setup.ts';

type Body = Record<string, unknown>;
type Route = (control: EmulatorControl, body: Body) => unknown;

// Each route hands the body to the typed function; the functions check what they need and throw ControlError.
const pass = <K extends keyof EmulatorControl>(name: K): Route =>
  (control, body) => (control[name] as (input: Body) => unknown)(body);

const ROUTES: Record<string, Route> = {
  'create-bot': pass('createBot'),
  'create-user': pass('createUser'),
  'update-user': pass('updateUser'),
  'create-chat': pass('createChat'),
  'send-private-message': pass('sendPrivateMessage'),
  'send-chat-message': pass('sendChatMessage'),
  'press-button': pass('pressButton'),
  'block-bot': pass('blockBot'),
  'unblock-bot': pass('unblockBot'),
  'join-chat': pass('joinChat'),
  'join-by-link': pass('joinByLink'),
  'request-join': pass('requestJoin'),
  'leave-chat': pass('leaveChat'),
  'pay-invoice': pass('payInvoice'),
  'renew-bot-subscription': pass('renewBotSubscription'),
  'pay-subscription': pass('paySubscription'),
  'renew-subscription': pass('renewSubscription'),
  'cancel-subscription': pass('cancelSubscription'),
  'expire-subscription': pass('expireSubscription'),
  'approve-join-request': pass('approveJoinRequest'),
  'decline-join-request': pass('declineJoinRequest'),
  'set-member-status': pass('setMemberStatus'),
  'add-bot': pass('addBot'),
  'promote-bot': pass('promoteBot'),
  'demote-bot': pass('demoteBot'),
  'remove-bot': pass('removeBot'),
  'migrate-to-supergroup': pass('migrateToSupergroup'),
  'sent-messages': pass('sentMessages'),
  'wait-for-sent-message': pass('waitForSentMessage'),
  mark: (control) => control.mark(),
  'callback-query': (control, body) => control.callbackQuery(String(body.id)),
  'wait-for-callback-answer': (control, body) =>
    control.waitForCallbackAnswer(String(body.id), typeof body.timeoutMs === 'number' ? body.timeoutMs : undefined),
  'api-calls': pass('apiCalls'),
  'pending-updates': (control, body) => control.pendingUpdates(String(body.bot)),
  'is-polling': (control, body) => control.isPolling(String(body.bot)),
  'chat-state': (control, body) => control.chatState(Number(body.chatId)),
  'star-payments': pass('starPayments'),
  refunds: pass('refunds'),
  'inject-failure': pass('injectFailure'),
  'advance-time': (control, body) => control.advanceTime(Number(body.ms)),
  reset: (control) => control.reset(),
};

export const CONTROL_ENDPOINTS = Object.keys(ROUTES);

const NUMERIC_QUERY = new Set(['chatId', 'userId', 'from', 'messageId', 'since', 'timeoutMs', 'ms', 'by', 'id']);

async function readBody(request: Request): Promise<Body> {
  const url = new URL(request.url);
  const body: Body = {};
  for (const [key, value] of url.searchParams) body[key] = NUMERIC_QUERY.has(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  if (request.method !== 'POST') return body;
  const text = await request.text();
  if (text.trim() === '') return body;
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ControlError('the body must be a JSON object');
  return { ...body, ...parsed };
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body ?? null), { status, headers: { 'content-type': 'application/json' } });

export async function handleControlRequest(control: EmulatorControl, request: Request, name: string): Promise<Response> {
  if (name === '') return json({ ok: true, result: CONTROL_ENDPOINTS.map((endpoint) => `/control/${endpoint}`) });
  const route = ROUTES[name];
  if (!route || !Object.hasOwn(ROUTES, name)) return json({ ok: false, error: `unknown control endpoint ${name}` }, 404);
  try {
    const result = await route(control, await readBody(request));
    return json({ ok: true, result: result ?? true });
  } catch (error) {
    const known = error instanceof ControlError || error instanceof BotApiError || error instanceof SyntaxError;
    const reason = error instanceof JoinRefusedError ? { reason: error.reason } : {};
    return json({ ok: false, error: error instanceof Error ? error.message : String(error), ...reason }, known ? 400 : 500);
  }
}
