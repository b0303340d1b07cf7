/**
 * A loop that polls the database every few hundred milliseconds would write an error line per tick while PostgreSQL
 * is away (docs/decisions.md#fault-matrix): hundreds a minute, burying what matters. This logs the first failure of a
 * streak with its error, and one line when the loop works again with how many ticks failed.
 */
import type { Logger } from './logger.ts';

export type FailureStreak = { failed(error: unknown): void; succeeded(): void };

export function failureStreak(logger: Logger, message: string): FailureStreak {
  let failures = 0;
  return {
    failed(error) {
      failures += 1;
      if (failures === 1) logger.error(message, { error });
    },
    succeeded() {
      if (failures > 1) logger.info('voltou a funcionar após falhas seguidas', { after: message, failures });
      failures = 0;
    },
  };
}
