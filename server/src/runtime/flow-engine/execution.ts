/** One execution as the walker holds it while running; the recorder persists this shape. */
import type { ExecutionStatus, ExecutionStep } from '@shared/flows/executions.ts';
import type { Variables } from './variables.ts';

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

export function newExecution(input: Pick<ExecutionState, 'flowId' | 'botId' | 'contactTelegramId' | 'chatId' | 'triggerNodeId' | 'variables'>): ExecutionState {
  return { ...input, id: crypto.randomUUID(), status: 'running', steps: [], error: null, startedAt: new Date().toISOString(), finishedAt: null };
}
