// Telegram's flood control as sliding windows: messages per bot per second, per private chat per second and per
// group per minute. A refused send answers 429 with retry_after = whole seconds until the window frees a slot,
// which is what the product's retry logic must honour. Benchmarks turn the limiter off (false), a single
// limit is lifted with Infinity.

export interface RateLimits {
  /** Messages a bot may send per second across all chats (Telegram: about 30). */
  perBotPerSecond: number;
  /** Messages a bot may send per second to one private chat (Telegram: about 1). */
  perPrivateChatPerSecond: number;
  /** Messages a bot may send per minute to one group, supergroup or channel (Telegram: about 20). */
  perGroupPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perBotPerSecond: 30, perPrivateChatPerSecond: 1, perGroupPerMinute: 20 };

interface Window {
  limit: number;
  spanMs: number;
  stamps: number[];
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: RateLimits | false) {}

  /**
   * Records one message when every window has room; otherwise returns the seconds to wait.
   * The check and the record are one step so concurrent sends cannot both take the last slot.
   */
  take(botId: number, chatId: number, now: number): number | undefined {
    if (!this.limits) return undefined;
    const isPrivate = chatId > 0;
    return this.takeFrom([
      this.window(`bot:${botId}`, this.limits.perBotPerSecond, 1000),
      isPrivate
        ? this.window(`chat:${botId}:${chatId}`, this.limits.perPrivateChatPerSecond, 1000)
        : this.window(`chat:${botId}:${chatId}`, this.limits.perGroupPerMinute, 60_000),
    ], now);
  }

  /**
   * Administrator actions (banChatMember, unbanChatMember) count against the bot's overall per-second budget only:
   * Telegram publishes no per-chat limit for them, and removals across many chats share the bot's rate.
   */
  takeBotWide(botId: number, now: number): number | undefined {
    if (!this.limits) return undefined;
    return this.takeFrom([this.window(`bot:${botId}`, this.limits.perBotPerSecond, 1000)], now);
  }

  private takeFrom(all: Window[], now: number): number | undefined {
    const windows = all.filter((window) => Number.isFinite(window.limit));
    let waitMs = 0;
    for (const window of windows) {
      window.stamps = window.stamps.filter((stamp) => stamp > now - window.spanMs);
      if (window.stamps.length >= window.limit) {
        const oldest = window.stamps[window.stamps.length - window.limit] ?? now;
        waitMs = Math.max(waitMs, oldest + window.spanMs - now);
      }
    }
    if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
    for (const window of windows) window.stamps.push(now);
    return undefined;
  }

  clear(): void {
    this.windows.clear();
  }

  private window(key: string, limit: number, spanMs: number): Window {
    let window = this.windows.get(key);
    if (!window) {
      window = { limit, spanMs, stamps: [] };
      this.windows.set(key, window);
    }
    return window;
  }
}
