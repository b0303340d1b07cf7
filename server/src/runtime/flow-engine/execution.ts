/** One execution as the walker holds it while running; the recorder persists this shape. */
import type { ExecutionStatus, ExecutionStep } from '@shared/flows/executions.ts';
import type { Variables } from './variables.ts';
import { stableUuid } from '../../lib/ids.ts';

export type ExecutionState = {
  id: string;
  flowId: string;
  botId: string;
  contactTelegramId: number;
  chatId: number;
  triggerNodeId: string | null;
  status: ExecutionStatus;
  variables: Variables;
  steps: ExecutionStep[];
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};

type NewExecution = Pick<ExecutionState, 'flowId' | 'botId' | 'contactTelegramId' | 'chatId' | 'triggerNodeId' | 'variables'> & {
  /** What started it, e.g. `update:<update_id>:<node>`: the same cause gives the same id (a redone update). */
  cause?: string | undefined;
};

export function newExecution({ cause, ...input }: NewExecution): ExecutionState {
  const id = cause === undefined ? crypto.randomUUID() : stableUuid(`${input.botId}:${input.flowId}:${cause}`);
  return { ...input, id, status: 'running', steps: [], error: null, startedAt: new Date().toISOString(), finishedAt: null };
}
