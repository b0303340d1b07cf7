/**
 * A sliding one-second window stamped when a send is dispatched. Telegram counts when a message arrives, which is
 * later by the time the send takes to leave (reading the content, the request itself): the window is widened by
 * the recent worst of that delay, so the 31st message can never arrive within a second of the 1st.
 */
export class RateWindow {
  private stamps: number[] = [];
  private head = 0;
  private pausedUntil = 0;
  private delayMs = 25;
  constructor(public rate: number) {}

  private get spanMs() {
    return 1000 + this.delayMs;
  }

  /** A send dispatched `ms` ago has been answered: a decaying maximum of that delay widens the window. */
  observe(ms: number) {
    this.delayMs = Math.min(250, Math.max(10, ms, this.delayMs * 0.98));
  }

  /** ms to wait before the next send may start (0: now). */
  waitMs(now: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) <= now - this.spanMs) this.head++;
    if (this.head > 4096) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
    const inWindow = this.stamps.length - this.head;
    if (inWindow < this.rate) return 0;
    const oldest = this.stamps[this.stamps.length - this.rate] ?? now;
    return Math.max(1, oldest + this.spanMs - now);
  }

  take(now: number) {
    this.stamps.push(now);
  }

  pause(untilMs: number) {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  /**
   * Taken as full until one window after `sinceMs`: Telegram still counts the sends a process that died (or stopped)
   * just before `sinceMs` made for this bot, and an empty window would burst into its 429s.
   */
  fullSince(sinceMs: number) {
    this.pause(sinceMs + this.spanMs);
  }
}

/** Each bot's window in this process, shared by its successive loops. */
export function createBotWindows() {
  const windows = new Map<string, RateWindow>();
  return {
    /** A changed bots.broadcast_rate applies from the next poll, also to a loop already sending. */
    setRate(botId: string, rate: number) {
      const current = windows.get(botId);
      if (current) current.rate = rate;
    },
    /** The bot's window; its first in this process starts full: what a previous process sent is unknown here. */
    of(botId: string, rate: number, startedAt: number) {
      let window = windows.get(botId);
      if (!window) {
        window = new RateWindow(rate);
        window.fullSince(startedAt);
        windows.set(botId, window);
      }
      window.rate = rate;
      return window;
    },
  };
}
