/**
 * "Testar": a simulated chat inside the editor. The operator types a message or presses a button of a reply; the
 * server runs the flow dry (POST /flows/{id}/test, nothing sent to Telegram) and the chat shows the bot's replies
 * while the canvas highlights the path taken. Tests the flow as saved on the server: changes still waiting in
 * the outbox are not in it yet.
 */
import { Send, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { cn } from '../../../../lib/cn.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { testFlow, TEST_TEXTS } from '../../api/test-flow.ts';
import type { EditorGraph } from '../../model/graph-actions.ts';
import { outcomeFor, type TestInput, type TestReply } from '../../model/test-run.ts';
import type { TestPath } from '../canvas/selection.ts';

type Line = { from: 'user'; text: string } | { from: 'bot'; reply: TestReply } | { from: 'note'; text: string };

type Props = { flowId: string; graph: () => EditorGraph; phone: boolean; onPath: (path: TestPath) => void; onClose: () => void };

export const TEST_PANEL_TEXTS = {
  title: 'Testar fluxo',
  intro: 'Envie uma mensagem (ou um comando) como se fosse um contato. Nada é enviado ao Telegram.',
  noMatch: 'Nenhum gatilho deste fluxo responde a isso.',
  noButtonMatch: 'Nada neste fluxo responde a este botão.',
} as const;

export function TestPanel({ flowId, graph, phone, onPath, onClose }: Props) {
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // The last message sent: a flow button's press carries it, as the engine keeps what the trigger saw.
  const [lastText, setLastText] = useState<string | undefined>(undefined);

  async function run(input: TestInput, shown: string) {
    setBusy(true);
    setLines((l) => [...l, { from: 'user', text: shown }]);
    if (input.kind === 'message') setLastText(input.text);
    try {
      const result = await testFlow(flowId, input.kind === 'message' ? { text: input.text } : { buttonData: input.value, ...(lastText === undefined ? {} : { text: lastText }) });
      const { nodes, connections } = graph();
      const outcome = outcomeFor(result.steps, nodes, connections, input);
      onPath({ nodes: outcome.nodes, edges: outcome.edges });
      const noMatch = input.kind === 'message' ? TEST_PANEL_TEXTS.noMatch : TEST_PANEL_TEXTS.noButtonMatch;
      setLines((l) => [...l, ...(outcome.matched ? outcome.replies.map((reply): Line => ({ from: 'bot', reply })) : [{ from: 'note' as const, text: noMatch }])]);
    } catch (error) {
      setLines((l) => [...l, { from: 'note', text: error instanceof ApiError ? error.message : TEST_TEXTS.error }]);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    setText('');
    void run({ kind: 'message', text: message }, message);
  }

  return (
    <aside
      aria-label={TEST_PANEL_TEXTS.title}
      className={cn('flex flex-col bg-white', phone ? 'fixed inset-x-0 bottom-0 z-40 h-[55dvh] w-full rounded-t-2xl border-t border-slate-200 shadow-2xl' : 'w-80 shrink-0 border-l border-slate-200')}
    >
      <div className="flex shrink-0 items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{TEST_PANEL_TEXTS.title}</h2>
        <button type="button" aria-label="Fechar teste" className="rounded p-1 text-slate-400 hover:bg-slate-100" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ol aria-label="Conversa de teste" aria-live="polite" className="min-h-0 flex-1 space-y-2 overflow-y-auto bg-sky-50/60 px-3 py-3">
        <li className="text-center text-xs text-slate-500">{TEST_PANEL_TEXTS.intro}</li>
        {lines.map((line, i) =>
          line.from === 'user' ? (
            <li key={i} className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-emerald-100 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900">
              {line.text}
            </li>
          ) : line.from === 'note' ? (
            <li key={i} className="text-center text-xs text-amber-700">
              {line.text}
            </li>
          ) : (
            <li key={i} data-testid="test-reply" className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm whitespace-pre-wrap text-slate-900 shadow-sm">
              {line.reply.text}
              {line.reply.buttons.length > 0 && (
                <div className="mt-2 grid gap-1">
                  {line.reply.buttons.map((button, b) => (
                    <button
                      key={b}
                      type="button"
                      disabled={busy || button.type === 'url'}
                      className="rounded-md border border-sky-200 bg-sky-50 px-2 py-1 text-xs font-medium text-sky-800 disabled:opacity-60"
                      onClick={() => void run({ kind: 'button', value: button.value, from: line.reply.nodeId }, button.text)}
                    >
                      {button.text}
                    </button>
                  ))}
                </div>
              )}
            </li>
          ),
        )}
      </ol>
      <form onSubmit={submit} className="flex shrink-0 gap-2 border-t border-slate-100 px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <input aria-label="Mensagem de teste" className={cn(controlClasses(false), 'h-9')} value={text} placeholder="/start" onChange={(e) => setText(e.target.value)} />
        <Button size="sm" type="submit" disabled={busy || text.trim() === ''} aria-label="Enviar mensagem de teste" icon={<Send aria-hidden="true" className="size-4" />} />
      </form>
    </aside>
  );
}
