/**
 * Which flow answers a callback value (docs/decisions.md#d-flow-engine): a bot's trigger_button_clicked nodes, by
 * their buttonData. One reader for the welcome form (a button shows the flow that answers it) and the flow editor
 * (a callback button nobody answers is flagged), so both agree on what "answered" means.
 */
import type { CanalizeDb } from './db.ts';
import { useCached } from './hooks.ts';

export type ButtonFlow = { flowId: string; flowName: string };

/** buttonData → the bot's flow that answers it (the first by name when several do). */
export async function readButtonAnswers(db: CanalizeDb, botId: string): Promise<ReadonlyMap<string, ButtonFlow>> {
  const flows = new Map((await db.flows.where('botId').equals(botId).toArray()).map((flow) => [flow.id, flow.name]));
  const triggers = await db.flowNodes.where('flowId').anyOf([...flows.keys()]).filter((node) => node.subType === 'trigger_button_clicked').toArray();
  const answers = new Map<string, ButtonFlow>();
  for (const node of triggers.sort((a, b) => (flows.get(a.flowId) ?? '').localeCompare(flows.get(b.flowId) ?? '', 'pt-BR'))) {
    const data = typeof node.config.buttonData === 'string' ? node.config.buttonData.trim() : '';
    if (data !== '' && !answers.has(data)) answers.set(data, { flowId: node.flowId, flowName: flows.get(node.flowId) ?? '' });
  }
  return answers;
}

/** The live map of readButtonAnswers; undefined until the cache holds a first pull. */
export const useButtonAnswers = (botId: string) => useCached((db) => readButtonAnswers(db, botId), [botId]);
