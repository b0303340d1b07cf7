/**
 * One step: what a node does and which handles the execution leaves it by. Without an Api (a dry run) nothing is
 * sent, waited for or requested; the step says what would have happened.
 */
import type { Api } from 'grammy';
import type { NodeConfigs } from '@shared/flows/node-configs.ts';
import { evaluateIfElse, evaluateRandom } from './conditions.ts';
import type { ExecutionState } from './execution.ts';
import { externalClock } from './external-clock.ts';
import type { BotGraphs, EngineNode } from './flow-graph.ts';
import { performHttpRequest } from './http-request.ts';
import type { MediaInputs } from './media-input.ts';
import { sendButtons, sendMedia, sendText } from './senders.ts';
import { renderTemplate } from './variables.ts';

export type NodeResult = { outcome: string; handle: string | null; detail: string | null };

export type RunNodeDeps = {
  api: Api | undefined;
  graphs: BotGraphs;
  allowPrivateHttp: boolean;
  /** Uploaded files of the flow's owner, as Telegram uploads or remembered file_ids. */
  media: MediaInputs;
  /** Stores the durable pending step; the branch ends here and resumes when it is due. */
  scheduleDelay(execution: ExecutionState, node: EngineNode, runAt: Date): Promise<void>;
};

const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000 } as const;

export async function runNode(deps: RunNodeDeps, execution: ExecutionState, node: EngineNode): Promise<NodeResult> {
  const { api, graphs } = deps;
  const vars = execution.variables;
  const chatId = execution.chatId;
  const sent = (problem: string | undefined, preview: string): NodeResult =>
    problem ? { outcome: 'skipped', handle: 'default', detail: problem } : { outcome: api ? 'ok' : 'dry_run', handle: 'default', detail: preview };
  switch (node.subType) {
    case 'send_text': {
      const config = node.config as NodeConfigs['send_text'];
      const preview = renderTemplate(config.message, vars, config.parseMode === 'HTML');
      return sent(api ? await sendText(api, chatId, config, vars) : undefined, preview);
    }
    case 'send_media': {
      const config = node.config as NodeConfigs['send_media'];
      const source = deps.media.forExecution(execution.botId, graphs.flowsById.get(node.flowId)?.userId);
      return sent(api ? await sendMedia(api, chatId, config, vars, source) : undefined, `${config.mediaType}: ${config.url}`);
    }
    case 'send_buttons': {
      const config = node.config as NodeConfigs['send_buttons'];
      const preview = renderTemplate(config.message, vars, config.parseMode === 'HTML');
      return sent(api ? await sendButtons(api, chatId, node.id, config, vars, graphs) : undefined, preview);
    }
    case 'delay': {
      const config = node.config as NodeConfigs['delay'];
      const ms = config.duration * UNIT_MS[config.unit];
      if (!api) return { outcome: 'dry_run', handle: 'default', detail: `aguardaria ${config.duration} ${config.unit}` };
      await deps.scheduleDelay(execution, node, new Date(Date.now() + ms));
      return { outcome: 'scheduled', handle: null, detail: new Date(Date.now() + ms).toISOString() };
    }
    case 'if_else': {
      const taken = evaluateIfElse(node.config as NodeConfigs['if_else'], vars);
      return { outcome: 'ok', handle: taken ? 'true' : 'false', detail: null };
    }
    case 'random': {
      const taken = evaluateRandom(node.config as NodeConfigs['random']);
      return { outcome: 'ok', handle: taken ? 'true' : 'false', detail: null };
    }
    case 'http_request': {
      const config = node.config as NodeConfigs['http_request'];
      if (!api) return { outcome: 'dry_run', handle: 'default', detail: `${config.method} ${config.url}` };
      const started = performance.now();
      const answer = await performHttpRequest(config, vars, deps.allowPrivateHttp);
      const clock = externalClock.getStore();
      if (clock) clock.ms += performance.now() - started;
      if (!answer.ok) return { outcome: 'failed', handle: null, detail: answer.error };
      execution.variables = { ...vars, http: { status: answer.status, body: answer.body } };
      return { outcome: 'ok', handle: 'default', detail: String(answer.status) };
    }
    default:
      // Triggers: the event already happened; the execution leaves by their default handle.
      return { outcome: 'ok', handle: 'default', detail: null };
  }
}
