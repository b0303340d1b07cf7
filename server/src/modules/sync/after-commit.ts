/**
 * Side effects outside the database wait for the commit. A mutation runs inside the push transaction, so starting a
 * bot there would read the bot row before it is committed (and, on the embedded database's single connection, wait
 * forever for the connection the transaction holds), and dropping a cache there would let a concurrent reader
 * refill it with the old state. The services call the runtime as usual; this facade records the calls and the push
 * replays them after the commit, or drops them when the mutation failed and its savepoint rolled back.
 */
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';

/** `once`: an idempotent effect (a cache drop) that one chunk runs once however many of its mutations asked for it. */
type Effect = { label: string; once?: string; run: () => Promise<unknown> | void };

export function afterCommit(runtime: BotRuntime) {
  let effects: Effect[] = [];
  const deferred: BotRuntime = {
    ...runtime,
    start: async (botId) => {
      effects.push({ label: 'start', run: () => runtime.start(botId) });
    },
    stop: async (botId, options) => {
      effects.push({ label: 'stop', run: () => runtime.stop(botId, options) });
    },
    invalidate: (botId, chatId) => {
      effects.push({ label: 'invalidate', once: `invalidate:${botId}:${chatId ?? ''}`, run: () => runtime.invalidate(botId, chatId) });
    },
    // A flow started by an offline edit must see the committed contact (and must not wait on this transaction).
    contactEdited: async (edit) => {
      effects.push({ label: 'contactEdited', run: () => runtime.contactEdited(edit) });
    },
  };
  return {
    runtime: deferred,
    /** Any other work that must wait for the commit (an inbox reply is sent only once its claim is committed). */
    later(label: string, run: () => Promise<unknown>) {
      effects.push({ label, run });
    },
    discard() {
      effects = [];
    },
    /**
     * The data is committed whatever happens here: a failing effect is logged, never turned into a failed mutation.
     * `done` is shared by the effects of one chunk: an idempotent effect already run for it is skipped (a chunk of
     * welcome saves of one channel drops the bot's cache, and tells the other instances, once, not once per save).
     */
    async run(logger: Logger, done: Set<string> = new Set()) {
      const pending = effects;
      effects = [];
      for (const effect of pending) {
        if (effect.once !== undefined) {
          if (done.has(effect.once)) continue;
          done.add(effect.once);
        }
        try {
          await effect.run();
        } catch (error) {
          logger.error('efeito pós-commit da sincronização falhou', { effect: effect.label, error });
        }
      }
    },
  };
}

export type AfterCommit = ReturnType<typeof afterCommit>;
