/**
 * The `contacts.import` job (docs/decisions.md#background-jobs): a started import's lines, read again from its
 * file with the dry-run's own rules (import-check.ts), written `batchSize` lines at a time (import-write-repository.ts), each
 * batch and its progress in one transaction, so the console's bar moves and a crash resumes after the last batch
 * written. The position is checked under the import's lock: a second run of the same import (an expired lease)
 * stops instead of writing a batch twice. A run works for `sliceMs` at most and hands over to a fresh job; the last
 * batch commits with the job's completion and clears the stored file. A bot deleted meanwhile fails the import.
 */
import type { Queryable, Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { JobContext, JobHandler, JobOutcome } from '../../jobs/run-job.ts';
import { judgeLines, type JudgedLine } from './import-check.ts';
import { contactImportJob } from './import-job-kind.ts';
import type { ImportRow } from './import-rows.ts';
import * as repo from './import-repository.ts';
import { writeBatch } from './import-write-repository.ts';

export type ContactImportOptions = { sql: Sql; batchSize?: number; sliceMs?: number; leaseMs?: number };

class MovedOn extends Error {}

/** The next `size` lines of `lines` (fewer at the end), with the accepted rows among them. */
function take(lines: Iterator<JudgedLine>, size: number) {
  const rows: ImportRow[] = [];
  let count = 0;
  while (count < size) {
    const next = lines.next();
    if (next.done) return { rows, count, end: true };
    count += 1;
    if ('row' in next.value) rows.push(next.value.row);
  }
  return { rows, count, end: false };
}

async function step(tx: Queryable, importId: string, expected: number, batch: ReturnType<typeof take>) {
  const state = await repo.runState(tx, importId);
  if (!state || state.status !== 'running' || state.processed !== expected) throw new MovedOn();
  const written = await writeBatch(tx, state.userId, state.botId, batch.rows);
  await repo.advance(tx, importId, { lines: batch.count, ...written, done: batch.end });
}

export function contactImportHandler(options: ContactImportOptions): JobHandler<typeof contactImportJob.payload> {
  const batchSize = options.batchSize ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const sliceMs = options.sliceMs ?? Math.min(10_000, Math.floor(leaseMs / 3));
  return {
    leaseMs,
    async run(payload, context) {
      try {
        return await runImport(options.sql, { batchSize, sliceMs }, payload, context);
      } catch (error) {
        // The last attempt's failure ends the import as failed: the screen must not show a bar that never moves again.
        if (context.job.attempts >= context.job.maxAttempts) await repo.fail(options.sql, payload.importId).catch(() => undefined);
        throw error;
      }
    },
  };
}

type Pace = { batchSize: number; sliceMs: number };

async function runImport(sql: Sql, { batchSize, sliceMs }: Pace, payload: { importId: string }, context: JobContext): Promise<JobOutcome> {
  const { importId } = payload;
  const state = await repo.runState(sql, importId);
  if (!state || state.status !== 'running') return void (await context.completeWith(async () => undefined));
  if (!state.botAlive || state.source === null) return void (await context.completeWith((tx) => repo.fail(tx, importId)));
  const known = await repo.labelNames(sql, state.userId);
  const lines = judgeLines(state.source, state.separator, state.mapping, { known, canCreate: false, room: 0 });
  for (let skipped = 0; skipped < state.processed && !lines.next().done; skipped += 1);
  const began = Date.now();
  let position = state.processed;
  try {
    for (;;) {
      if (context.signal.aborted) return 'release';
      const batch = take(lines, batchSize);
      if (batch.end) return void (await context.completeWith((tx) => step(tx, importId, position, batch)));
      await inTransaction(sql, (tx) => step(tx, importId, position, batch));
      position += batch.count;
      if (Date.now() - began >= sliceMs) return void (await context.completeWith((tx) => contactImportJob.enqueue(tx, payload, { tenant: state.userId, maxAttempts: 20 })));
    }
  } catch (error) {
    if (error instanceof MovedOn) return void (await context.completeWith(async () => undefined));
    throw error;
  }
}
