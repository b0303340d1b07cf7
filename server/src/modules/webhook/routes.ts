/**
 * Telegram's webhook endpoint (webhook mode only), on every instance (docs/decisions.md#webhook-queue). Public by
 * nature: the X-Telegram-Bot-Api-Secret-Token header, a per-bot secret given to setWebhook, is the authentication.
 * Answers 200 once the update is committed to the bot's queue (the bot's owner handles it, on whichever instance);
 * 503 while the bot is switched off or the database does not answer asks Telegram to try again later.
 */
import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Update } from 'grammy/types';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';

const updateShape = z.looseObject({ update_id: z.number().int() });

export function telegramWebhookRoutes(deps: { runtime: BotRuntime }) {
  return new Elysia().post('/telegram/webhook/:botId', async ({ params, headers, body }) => {
    const parsed = updateShape.safeParse(body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 400);
    // The shape Telegram sends; only update_id is checked here, grammY reads the rest.
    const update: Update = parsed.data;
    const outcome = await deps.runtime.handleWebhook(params.botId, headers['x-telegram-bot-api-secret-token'] ?? null, update);
    if (outcome === 'forbidden') throw new AppError('WEBHOOK_FORBIDDEN', 401);
    if (outcome === 'not-running') throw new AppError('BOT_NOT_RUNNING', 503);
    if (outcome === 'unavailable') throw new AppError('DATABASE_UNAVAILABLE', 503);
    return ok({ outcome });
  });
}
