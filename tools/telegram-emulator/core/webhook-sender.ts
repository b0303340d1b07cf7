// Delivers one bot's queued updates to its webhook, like Telegram: a JSON POST per update carrying the secret
// in X-Telegram-Bot-Api-Secret-Token; any non-2xx answer or network failure keeps the update queued and is
// retried with a growing delay, and the error shows in getWebhookInfo. Updates go out one at a time so the
// receiver sees them in order (Telegram may use up to max_connections in parallel; order is the stricter case).
// A JSON body with a "method" field in the answer is executed as an API call, as Telegram does for webhook replies.
import type { BotRecord } from './types.ts';
import type { UpdateQueue } from './update-queue.ts';

export interface WebhookSenderOptions {
  retryBaseMs: number;
  retryMaxMs: number;
  now: () => number;
  executeReply: (bot: BotRecord, body: Record<string, unknown>) => Promise<void>;
}

export class WebhookSender {
  private running = false;
  private wake?: () => void;
  private stopped = false;

  constructor(
    private readonly bot: BotRecord,
    private readonly queue: UpdateQueue,
    private readonly options: WebhookSenderOptions,
  ) {}

  /** Starts the delivery loop if it is idle, or cuts a retry delay short. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wake?.();
      return;
    }
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
    });
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped && this.bot.webhook) {
      const [update] = this.queue.peek(1);
      if (!update) return;
      const webhook = this.bot.webhook;
      const error = await this.post(webhook.url, webhook.secretToken, update);
      if (error === undefined) {
        failures = 0;
        this.queue.acknowledge(update.update_id);
        continue;
      }
      failures++;
      if (this.bot.webhook === webhook) {
        webhook.lastErrorDate = Math.floor(this.options.now() / 1000);
        webhook.lastErrorMessage = error;
      }
      await this.sleep(Math.min(this.options.retryBaseMs * 2 ** (failures - 1), this.options.retryMaxMs));
    }
  }

  private async post(url: string, secret: string | undefined, update: unknown): Promise<string | undefined> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'X-Telegram-Bot-Api-Secret-Token': secret } : {}),
        },
        body: JSON.stringify(update),
      });
      const text = await response.text();
      if (!response.ok) return `Wrong response from the webhook: ${response.status} ${response.statusText}`;
      await this.runWebhookReply(text);
      return undefined;
    } catch (error) {
      return error instanceof Error && /refused/i.test(error.message) ? 'Connection refused' : 'Connection failed';
    }
  }

  private async runWebhookReply(text: string): Promise<void> {
    if (!text.trim().startsWith('{')) return;
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && 'method' in body) {
        await this.options.executeReply(this.bot, { ...body });
      }
    } catch {
      // A reply that is not an API call is ignored, as Telegram ignores it.
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
