import { describe, expect, test } from 'bun:test';
import type { FlowNode } from '@shared/flows/graph.ts';
import { acknowledge } from './acknowledge.ts';
import { applyMine, keepServerValue } from './conflicts.ts';
import { describeConflict } from './conflict-texts.ts';
import { enqueue } from './outbox.ts';
import { STAMP, openTestDb, uuid } from './test-support/fixtures.ts';

const delayNode = (duration: number, unit = 'seconds'): FlowNode => ({
  id: uuid(31), flowId: uuid(21), type: 'action', subType: 'delay', label: 'Espera', position: { x: 0, y: 0 },
  config: { duration, unit }, order: 0, createdAt: STAMP, updatedAt: STAMP,
});

describe('an edit carries what it was made on', () => {
  test('the cursor of the rows shown and only the fields it changed', async () => {
    const db = openTestDb();
    await db.flowNodes.put(delayNode(5));
    await db.meta.put({ key: 'cursor', value: 41 });
    const envelope = await enqueue(db, 'node.update', { nodeId: uuid(31), changes: { config: { duration: 7, unit: 'seconds' }, position: { x: 9, y: 9 } } });
    expect(envelope.base).toEqual({ version: 41, fields: { 'config.duration': 7 } });
    expect((await db.outbox.get(1))?.base).toEqual(envelope.base);
  });

  test('a move alone changes no tracked field: its base names none (positions are last-writer-wins)', async () => {
    const db = openTestDb();
    await db.flowNodes.put(delayNode(5));
    const envelope = await enqueue(db, 'node.update', { nodeId: uuid(31), changes: { position: { x: 9, y: 9 } } });
    expect(envelope.base).toEqual({ version: 0, fields: {} });
  });
});

describe('a conflict answer', () => {
  const conflict = { field: 'config.duration', mine: 7, server: 9, changedAt: '2026-01-01T14:32:00.000Z', byOtherDevice: true };

  async function answered() {
    const db = openTestDb();
    await db.flowNodes.put(delayNode(5));
    await enqueue(db, 'node.update', { nodeId: uuid(31), changes: { config: { duration: 7, unit: 'seconds' } } });
    const sent = await db.outbox.toArray();
    const outcome = await acknowledge(db, sent, { lastMutationId: 1, results: [{ mutationId: 1, status: 'conflict', code: 'SYNC_CONFLICT', message: 'x', conflicts: [conflict] }] });
    return { db, outcome, clientId: sent[0]?.clientId ?? '' };
  }

  test('is acknowledged (the next pull shows the server value) and kept for the user with both values', async () => {
    const { db, outcome, clientId } = await answered();
    expect(outcome.conflicts).toHaveLength(1);
    expect((await db.outbox.get(1))?.status).toBe('acked');
    const [stored] = await db.conflicts.toArray();
    expect(stored).toMatchObject({ id: `${clientId}:1`, name: 'node.update', conflicts: [conflict], table: 'flowNodes', key: uuid(31) });
    expect(await db.rejected.count()).toBe(0);
  });

  test('"Manter o do servidor" forgets it', async () => {
    const { db, clientId } = await answered();
    await keepServerValue(db, `${clientId}:1`);
    expect(await db.conflicts.count()).toBe(0);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
  });

  test('"Aplicar o meu" queues a new edit on the rows shown now: only the lost field gets this device\'s value back', async () => {
    const { db } = await answered();
    // The pull brought the server's row: the other device set 9 and, meanwhile, minutes.
    await db.outbox.clear();
    await db.flowNodes.put(delayNode(9, 'minutes'));
    await db.meta.put({ key: 'cursor', value: 50 });
    const [stored] = await db.conflicts.toArray();
    expect(await applyMine(db, stored!)).toBe(true);
    expect(await db.conflicts.count()).toBe(0);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ name: 'node.update', status: 'pending', base: { version: 50, fields: { 'config.duration': 7 } } });
    expect(queued?.args).toMatchObject({ changes: { config: { duration: 7, unit: 'minutes' } } });
    expect((await db.flowNodes.get(uuid(31)))?.config).toEqual({ duration: 7, unit: 'minutes' });
  });

  test('reads as the user is told: both values, and when another device changed it', () => {
    const at = new Date(2026, 0, 1, 14, 32);
    const text = describeConflict({ ...conflict, changedAt: at.toISOString() }, at);
    expect(text).toBe('neste aparelho: 7 · no servidor: 9, alterado em outro aparelho às 14:32');
  });
});
