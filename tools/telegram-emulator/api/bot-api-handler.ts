// The /bot<token>/<method> endpoint: authentication, method lookup (case-insensitive, as on Telegram),
// injected failures, and the response envelope with the HTTP status equal to error_code.
import { BotApiError, notFound, unauthorized } from '../core/bot-api-error.ts';
import type { EmulatorCore } from '../core/emulator-core.ts';
import type { BotRecord } from '../core/types.ts';
import { banMethods } from './methods-bans.ts';
import { botMethods } from './methods-bot.ts';
import { chatMethods } from './methods-chats.ts';
import { inviteLinkMethods } from './methods-invite-links.ts';
import { joinMethods } from './methods-joins.ts';
import { mediaMethods } from './methods-media.ts';
import { messageMethods } from './methods-messages.ts';
import { paymentMethods } from './methods-payments.ts';
import { updateMethods } from './methods-updates.ts';
import type { MethodHandler } from './method-call.ts';
import { ResultWithDescription } from './method-result.ts';
import { ParamReader } from './param-reader.ts';
import { readRequestParams, type RawParams } from './request-params.ts';

const METHODS = new Map<string, { name: string; handler: MethodHandler }>(
  Object.entries({
    ...updateMethods, ...messageMethods, ...mediaMethods, ...chatMethods, ...joinMethods, ...inviteLinkMethods, ...banMethods,
    ...paymentMethods, ...botMethods,
  })
    .map(([name, handler]) => [name.toLowerCase(), { name, handler }]),
);
const CALL_LOG_LIMIT = 5000;

export const SUPPORTED_METHODS = [...METHODS.values()].map((method) => method.name);

function respond(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function errorResponse(error: BotApiError): Response {
  return respond(error.toJSON(), error.errorCode);
}

async function run(core: EmulatorCore, bot: BotRecord, methodName: string, raw: RawParams, signal?: AbortSignal): Promise<unknown> {
  const method = METHODS.get(methodName.toLowerCase());
  if (!method) throw notFound();
  const failure = core.takeInjectedFailure(bot.token, method.name);
  if (failure) {
    throw new BotApiError(failure.errorCode, failure.description, failure.retryAfter !== undefined ? { retry_after: failure.retryAfter } : undefined);
  }
  return method.handler({ core, bot, params: new ParamReader(raw), ...(signal ? { signal } : {}) });
}

function logCall(core: EmulatorCore, token: string, method: string, params: Record<string, unknown>, error?: BotApiError): void {
  core.calls.push({ token, method, params, ok: !error, ...(error ? { errorCode: error.errorCode, description: error.description } : {}) });
  // Trim in chunks: benchmarks make hundreds of thousands of calls.
  if (core.calls.length > CALL_LOG_LIMIT * 1.2) core.calls.splice(0, core.calls.length - CALL_LOG_LIMIT);
  if (core.options.verbose) console.log(`[telegram-emulator] ${method} ${error ? `→ ${error.errorCode} ${error.description}` : 'ok'}`);
}

export async function handleBotApiRequest(core: EmulatorCore, request: Request, token: string, methodName: string): Promise<Response> {
  const bot = core.world.bots.get(token);
  if (!bot) return errorResponse(/^\d+:[\w-]+$/.test(token) ? unauthorized() : notFound());
  let raw: RawParams = { values: {}, files: new Map() };
  try {
    raw = await readRequestParams(request);
    const result = await run(core, bot, methodName, raw, request.signal);
    logCall(core, token, methodName, raw.values);
    if (result instanceof ResultWithDescription) return respond({ ok: true, result: result.result, description: result.description });
    return respond({ ok: true, result });
  } catch (error) {
    const apiError = error instanceof BotApiError ? error : new BotApiError(500, `Internal Server Error: ${String(error)}`);
    logCall(core, token, methodName, raw.values, apiError);
    return errorResponse(apiError);
  }
}

/** Runs a method without HTTP (webhook replies). */
export async function executeMethod(core: EmulatorCore, bot: BotRecord, methodName: string, values: Record<string, unknown>): Promise<unknown> {
  const raw: RawParams = { values, files: new Map() };
  try {
    const result = await run(core, bot, methodName, raw);
    logCall(core, bot.token, methodName, values);
    return result instanceof ResultWithDescription ? result.result : result;
  } catch (error) {
    if (error instanceof BotApiError) logCall(core, bot.token, methodName, values, error);
    throw error;
  }
}
