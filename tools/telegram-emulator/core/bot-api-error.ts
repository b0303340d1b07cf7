// Every failure the emulator answers goes through this class so the envelope always matches Telegram's:
// {ok:false, error_code, description, parameters?}. Descriptions copy Telegram's wording because product code and
// client libraries match on them (grammY's auto-retry, "blocked by the user" bookkeeping, migrations).

export interface ResponseParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
    this.name = 'BotApiError';
  }

  toJSON(): { ok: false; error_code: number; description: string; parameters?: ResponseParameters } {
    return {
      ok: false,
      error_code: this.errorCode,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

export const badRequest = (what: string, parameters?: ResponseParameters): BotApiError =>
  new BotApiError(400, `Bad Request: ${what}`, parameters);

export const forbidden = (what: string): BotApiError => new BotApiError(403, `Forbidden: ${what}`);

export const unauthorized = (): BotApiError => new BotApiError(401, 'Unauthorized');

export const notFound = (): BotApiError => new BotApiError(404, 'Not Found');

export const conflict = (what: string): BotApiError => new BotApiError(409, `Conflict: ${what}`);

export const tooManyRequests = (retryAfter: number): BotApiError =>
  new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });

export const CONFLICT_WEBHOOK_ACTIVE =
  "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
export const CONFLICT_OTHER_POLLER =
  'terminated by other getUpdates request; make sure that only one bot instance is running';
