// One bot's pending updates, with Telegram's getUpdates semantics:
// - allowed_updates is applied when an update is created (as on Telegram, changing it does not filter updates
//   already queued) and is remembered until a call lists it again; an empty list means the default set.
// - an update is confirmed (forgotten) once getUpdates is called with an offset above its id; a negative offset
//   keeps only the last -offset updates.
// - only one long poll may wait: a newer getUpdates makes the older one fail with 409.
// - a waiting poll answers as soon as updates arrive, batching what was queued in the same tick.
import { BotApiError, CONFLICT_OTHER_POLLER, conflict } from './bot-api-error.ts';
import { OPT_IN_UPDATE_TYPES, UPDATE_TYPES, type EmulatedUpdate, type UpdatePayload, type UpdateType } from './types.ts';

interface WaitingPoll {
  limit: number;
  finish: (result: EmulatedUpdate[] | BotApiError) => void;
}

export interface PollRequest {
  offset?: number;
  limit: number;
  timeoutSeconds: number;
  signal?: AbortSignal;
}

export class UpdateQueue {
  private updates: EmulatedUpdate[] = [];
  private nextUpdateId = 1;
  private allowed: UpdateType[] = [];
  private waiting?: WaitingPoll;
  private wakeScheduled = false;
  /** Called after an update is queued: the webhook sender listens here. */
  onEnqueue?: () => void;

  get pendingCount(): number {
    return this.updates.length;
  }

  /** True while a long poll is waiting for updates. */
  get isPolling(): boolean {
    return this.waiting !== undefined;
  }

  get allowedUpdates(): UpdateType[] {
    return [...this.allowed];
  }

  setAllowedUpdates(list: UpdateType[] | undefined): void {
    if (list !== undefined) this.allowed = [...new Set(list)];
  }

  accepts(type: UpdateType): boolean {
    if (this.allowed.length === 0) return !OPT_IN_UPDATE_TYPES.includes(type);
    return this.allowed.includes(type);
  }

  /** Returns the queued update, or undefined when allowed_updates filtered it out. */
  enqueue(payload: UpdatePayload): EmulatedUpdate | undefined {
    const type = UPDATE_TYPES.find((name) => name in payload);
    if (!type || !this.accepts(type)) return undefined;
    const update: EmulatedUpdate = { update_id: this.nextUpdateId++, ...payload };
    this.updates.push(update);
    this.scheduleWake();
    this.onEnqueue?.();
    return update;
  }

  confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    else this.updates = this.updates.slice(offset);
  }

  peek(limit: number): EmulatedUpdate[] {
    return this.updates.slice(0, limit);
  }

  /** The webhook sender removes an update once the receiver acknowledged it. */
  acknowledge(updateId: number): void {
    // The sender always acknowledges the head; avoid a full scan so large backlogs drain in linear time.
    if (this.updates[0]?.update_id === updateId) this.updates.shift();
    else this.updates = this.updates.filter((u) => u.update_id !== updateId);
  }

  dropPending(): void {
    this.updates = [];
  }

  /** Ends a waiting long poll, with an error (409) or an empty batch. */
  cancelPoll(error?: BotApiError): void {
    this.waiting?.finish(error ?? []);
  }

  poll(request: PollRequest): Promise<EmulatedUpdate[]> {
    this.cancelPoll(conflict(CONFLICT_OTHER_POLLER));
    this.confirm(request.offset);
    const ready = this.peek(request.limit);
    if (ready.length > 0 || request.timeoutSeconds <= 0) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const finish = (result: EmulatedUpdate[] | BotApiError): void => {
        if (this.waiting !== poll) return;
        this.waiting = undefined;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (result instanceof BotApiError) reject(result);
        else resolve(result);
      };
      const poll: WaitingPoll = { limit: request.limit, finish };
      const onAbort = (): void => finish([]);
      const timer = setTimeout(() => finish([]), request.timeoutSeconds * 1000);
      request.signal?.addEventListener('abort', onAbort);
      this.waiting = poll;
    });
  }

  private scheduleWake(): void {
    if (!this.waiting || this.wakeScheduled) return;
    this.wakeScheduled = true;
    queueMicrotask(() => {
      this.wakeScheduled = false;
      const waiting = this.waiting;
      if (waiting) waiting.finish(this.peek(waiting.limit));
    });
  }
}
