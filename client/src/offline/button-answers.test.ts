import { describe, expect, test } from 'bun:test';
import type { FlowNode } from '@shared/flows/graph.ts';
import { readButtonAnswers } from './button-answers.ts';
import { bot, flow, openTestDb, STAMP, uuid } from './test-support/fixtures.ts';

const trigger = (n: number, flowId: string, buttonData: unknown): FlowNode => ({
  id: uuid(n), flowId, type: 'trigger', subType: 'trigger_button_clicked', label: 'Botão clicado', position: { x: 0, y: 0 },
  config: { buttonData }, order: 0, createdAt: STAMP, updatedAt: STAMP,
});

describe('which flow answers a callback value', () => {
  test("the bot's button triggers by value, trimmed, the first flow by name when several answer; other bots and empty values ignored", async () => {
    const db = openTestDb();
    await db.bots.bulkPut([bot(1), bot(2)]);
    await db.flows.bulkPut([flow(10, uuid(1), { name: 'Zebra' }), flow(11, uuid(1), { name: 'Abelha' }), flow(12, uuid(2), { name: 'Outro bot' })]);
    await db.flowNodes.bulkPut([
      trigger(20, uuid(10), ' saber_mais '),
      trigger(21, uuid(11), 'saber_mais'),
      trigger(22, uuid(10), 'comprar'),
      trigger(23, uuid(12), 'so_do_outro'),
      trigger(24, uuid(10), '   '),
      trigger(25, uuid(10), 42),
      { ...trigger(26, uuid(11), 'texto'), subType: 'trigger_message_received' },
    ]);

    const answers = await readButtonAnswers(db, uuid(1));

    expect(Object.fromEntries(answers)).toEqual({
      saber_mais: { flowId: uuid(11), flowName: 'Abelha' },
      comprar: { flowId: uuid(10), flowName: 'Zebra' },
    });
  });
});
