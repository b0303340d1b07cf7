// What bots sent, edited and deleted, in order, so tests assert on outcomes instead of sleeping.
// waitFor() looks for a record newer than `since`; by default `since` is the log position at the last control
// action (a user message, a join, a button press), so "await the bot's answer to what I just did" cannot miss an
// answer that arrived before the test started waiting.
import type { SentRecord } from './types.ts';

export interface SentFilter {
  token?: string;
  chatId?: number;
  method?: string;
}

export interface WaitOptions extends SentFilter {
  since?: number;
  timeoutMs?: number;
}

interface Waiter {
  filter: WaitOptions;
  since: number;
  resolve: (record: SentRecord) => void;
}

export class SentLog {
  private records: SentRecord[] = [];
  private waiters = new Set<Waiter>();
  private seq = 0;
  private actionMark = 0;

  get lastSeq(): number {
    return this.seq;
  }

  /** Called by every control action; see the header. */
  markAction(): void {
    this.actionMark = this.seq;
  }

  add(record: Omit<SentRecord, 'seq' | 'atMs'>): SentRecord {
    const full: SentRecord = { ...record, seq: ++this.seq, atMs: Date.now() };
    this.records.push(full);
    for (const waiter of this.waiters) {
      if (full.seq > waiter.since && matches(full, waiter.filter)) {
        this.waiters.delete(waiter);
        waiter.resolve(full);
      }
    }
    return full;
  }

  list(filter: SentFilter = {}): SentRecord[] {
    return this.records.filter((record) => matches(record, filter));
  }

  waitFor(options: WaitOptions = {}): Promise<SentRecord> {
    const since = options.since ?? this.actionMark;
    const existing = this.records.find((record) => record.seq > since && matches(record, options));
    if (existing) return Promise.resolve(existing);
    const timeoutMs = options.timeoutMs ?? 5000;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        filter: options,
        since,
        resolve: (record) => {
          clearTimeout(timer);
          resolve(record);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`No sent message matching ${JSON.stringify(options)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  clear(): void {
    this.records = [];
    this.actionMark = this.seq;
  }
}

function matches(record: SentRecord, filter: SentFilter): boolean {
  return (
    (filter.token === undefined || record.token === filter.token) &&
    (filter.chatId === undefined || record.chatId === filter.chatId) &&
    (filter.method === undefined || record.method === filter.method)
  );
}
