/**
 * The account's full export (GET /api/account/export): one JSON document written as it is read, a page of rows
 * at a time, and only when the client reads on (the stream's pull), so memory stays flat whatever the account's
 * size. No transaction is held across the pages (the embedded database has one connection, which a long export
 * would take from every other request): a row written during the export may or may not be in it.
 */
import { ACCOUNT_EXPORT_FORMAT } from '@shared/account/data-export.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import { accountProfile, SECTIONS } from './repository.ts';

async function* documentParts(sql: Queryable, userId: string, profile: string): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(ACCOUNT_EXPORT_FORMAT)},"version":1,"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${profile}`;
  for (const [name, pages] of SECTIONS) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const rows of pages(sql, userId)) {
      yield `${first ? '' : ','}${rows.join(',')}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

/** A failure half-way (the database gone) ends the download broken, never as a file that looks whole. */
function streamOf(parts: AsyncGenerator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      try {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** The audit line is written before the first byte: an export that was started is on record. */
/** `userId`: the workspace exported (its founder's data); `actorId`: the person who asked, for the audit line. */
export async function accountExport(deps: { sql: Queryable; logger: Logger }, actor: { userId: string; actorId: string; origin: AuditOrigin }) {
  const { sql, logger } = deps;
  const profile = await accountProfile(sql, actor.userId);
  if (!profile) throw notFound();
  await recordAudit(sql, { accountId: actor.userId, actorId: actor.actorId, action: 'account.export', target: { type: 'account', id: actor.userId }, origin: actor.origin });
  return streamOf(documentParts(sql, actor.userId, profile), (error) => logger.error('exportação da conta interrompida', { userId: actor.userId, error }));
}
