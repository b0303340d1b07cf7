import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { testFlow, TEST_TEXTS } from '../../api/test-flow.ts';
import type { EditorGraph } from '../../model/graph-actions.ts';
import { outcomeFor, type TestInput, type TestReply } from '../../model/test-run.ts';
import type { TestPath } from '../canvas/selection.ts';
import { TEST_PANEL_TEXTS } from './test-panel-texts.ts';

export type TestChatLine = { from: 'user'; text: string } | { from: 'bot'; reply: TestReply } | { from: 'note'; text: string } | { from: 'wait'; text: string };

/** A request that never reached the server (no network, or the server unreachable): the test needs a connection. */
const unreachable = (error: unknown) => !navigator.onLine || (error instanceof ApiError && error.code === 'NETWORK_ERROR');

/**
 * The test chat: each message or button press is run dry on the server, the bot's replies (or why nothing
 * answered) join the chat, and the path taken goes to the canvas.
 */
export function useTestChat(flowId: string, graph: () => EditorGraph, onPath: (path: TestPath) => void) {
  const [lines, setLines] = useState<TestChatLine[]>([]);
  const [busy, setBusy] = useState(false);
  // The last message sent: a flow button's press carries it, as the engine keeps what the trigger saw.
  const [lastText, setLastText] = useState<string | undefined>(undefined);

  async function run(input: TestInput, shown: string) {
    setLines((l) => [...l, { from: 'user', text: shown }]);
    if (!navigator.onLine) {
      setLines((l) => [...l, { from: 'note', text: TEST_PANEL_TEXTS.offline }]);
      return;
    }
    setBusy(true);
    if (input.kind === 'message') setLastText(input.text);
    try {
      const result = await testFlow(flowId, input.kind === 'message' ? { text: input.text } : { buttonData: input.value, ...(lastText === undefined ? {} : { text: lastText }) });
      const { nodes, connections } = graph();
      const outcome = outcomeFor(result.steps, nodes, connections, input);
      onPath({ nodes: outcome.nodes, edges: outcome.edges });
      const noMatch = input.kind === 'message' ? TEST_PANEL_TEXTS.noMatch : TEST_PANEL_TEXTS.noButtonMatch;
      const replies = outcome.transcript.map((line): TestChatLine => (line.kind === 'wait' ? { from: 'wait', text: line.text } : { from: 'bot', reply: line }));
      setLines((l) => [...l, ...(outcome.matched ? replies : [{ from: 'note' as const, text: noMatch }])]);
    } catch (error) {
      const text = unreachable(error) ? TEST_PANEL_TEXTS.offline : error instanceof ApiError ? error.message : TEST_TEXTS.error;
      setLines((l) => [...l, { from: 'note', text }]);
    } finally {
      setBusy(false);
    }
  }

  return { lines, busy, run };
}
