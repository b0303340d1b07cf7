// The shared context of one emulator instance: state, the sent log, flood control, webhook delivery and
// injected failures. The Bot API handlers and the control API both work on it; nothing here knows about HTTP.
import { PaymentLedger } from './payments.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './rate-limiter.ts';
import { SentLog } from './sent-log.ts';
import type { BotRecord, EmulatedUpdate, UpdatePayload } from './types.ts';
import { WebhookSender } from './webhook-sender.ts';
import { World } from './world.ts';

export interface EmulatorOptions {
  /** 0 (the default for createTelegramEmulator) picks a free port. */
  port?: number;
  hostname?: string;
  /** Flood control; false disables it (benchmarks), a partial object overrides single limits. */
  rateLimits?: Partial<RateLimits> | false;
  /** First webhook retry delay, doubled on each failure up to webhookRetryMaxMs. */
  webhookRetryBaseMs?: number;
  webhookRetryMaxMs?: number;
  /** How long a join request lets admin bots message the requester (user_chat_id rule). */
  joinRequestDmWindowMs?: number;
  /** How long a payment waits for answerPreCheckoutQuery (Telegram: 10 s). */
  preCheckoutTimeoutMs?: number;
  /** Log every API call to the console. */
  verbose?: boolean;
}

export interface InjectedFailure {
  token?: string;
  method?: string;
  errorCode: number;
  description: string;
  retryAfter?: number;
  remaining: number;
}

export interface ApiCallRecord {
  token: string;
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
  errorCode?: number;
  description?: string;
}

type MethodExecutor = (bot: BotRecord, method: string, params: Record<string, unknown>) => Promise<unknown>;

export class EmulatorCore {
  readonly world = new World();
  readonly sent = new SentLog();
  readonly payments = new PaymentLedger();
  readonly limiter: RateLimiter;
  readonly failures: InjectedFailure[] = [];
  readonly calls: ApiCallRecord[] = [];
  readonly joinRequestDmWindowMs: number;
  /** Set by the Bot API layer so webhook replies can run methods without a circular import. */
  executeMethod?: MethodExecutor;
  private readonly senders = new Map<number, WebhookSender>();

  constructor(readonly options: EmulatorOptions = {}) {
    this.limiter = new RateLimiter(options.rateLimits === false ? false : { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
    this.joinRequestDmWindowMs = options.joinRequestDmWindowMs ?? 5 * 60_000;
  }

  /** Queues an update for one bot (allowed_updates permitting) and wakes its poller or webhook. */
  deliver(botId: number, payload: UpdatePayload): EmulatedUpdate | undefined {
    const update = this.world.queueOf(botId).enqueue(payload);
    if (update) {
      const bot = this.world.botById(botId);
      if (bot?.webhook) this.senderOf(bot).kick();
    }
    return update;
  }

  senderOf(bot: BotRecord): WebhookSender {
    let sender = this.senders.get(bot.user.id);
    if (!sender) {
      sender = new WebhookSender(bot, this.world.queueOf(bot.user.id), {
        retryBaseMs: this.options.webhookRetryBaseMs ?? 1000,
        retryMaxMs: this.options.webhookRetryMaxMs ?? 60_000,
        now: () => this.world.now(),
        executeReply: async (target, body) => {
          const { method, ...params } = body;
          if (typeof method === 'string') await this.executeMethod?.(target, method, params).catch(() => undefined);
        },
      });
      this.senders.set(bot.user.id, sender);
    }
    return sender;
  }

  /** Consumes a matching injected failure, if any (tests of 429/5xx paths without real flooding). */
  takeInjectedFailure(token: string, method: string): InjectedFailure | undefined {
    const index = this.failures.findIndex(
      (f) => (f.token === undefined || f.token === token) && (f.method === undefined || f.method.toLowerCase() === method.toLowerCase()),
    );
    const failure = this.failures[index];
    if (!failure) return undefined;
    failure.remaining--;
    if (failure.remaining <= 0) this.failures.splice(index, 1);
    return failure;
  }

  stopDelivery(): void {
    for (const sender of this.senders.values()) sender.stop();
    this.senders.clear();
    this.world.closeAllPolls();
  }

  reset(): void {
    this.stopDelivery();
    this.world.clear();
    this.sent.clear();
    this.payments.clear();
    this.limiter.clear();
    this.failures.length = 0;
    this.calls.length = 0;
  }
}
