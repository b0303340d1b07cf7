/**
 * "Testar": a simulated chat inside the editor. The operator types a message or presses a button of a reply; the
 * server runs the flow dry (POST /flows/{id}/test, nothing sent to Telegram) and the chat shows the bot's replies
 * while the canvas highlights the path taken. Tests the flow as saved on the server: changes still waiting in
 * the outbox are not in it yet, and offline it says that it needs a connection.
 */
import { Send, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useSyncSnapshot } from '../../../../offline/hooks.ts';
import type { EditorGraph } from '../../model/graph-actions.ts';
import type { TestPath } from '../canvas/selection.ts';
import { ChatLine } from './chat-line.tsx';
import { TEST_PANEL_TEXTS } from './test-panel-texts.ts';
import { useTestChat } from './use-test-chat.ts';

type Props = { flowId: string; graph: () => EditorGraph; phone: boolean; onPath: (path: TestPath) => void; onClose: () => void };

export function TestPanel({ flowId, graph, phone, onPath, onClose }: Props) {
  const { lines, busy, run } = useTestChat(flowId, graph, onPath);
  const [text, setText] = useState('');
  const { online } = useSyncSnapshot();

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
      {!online && (
        <p role="status" className="shrink-0 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          {TEST_PANEL_TEXTS.offline}
        </p>
      )}
      <ol aria-label="Conversa de teste" aria-live="polite" className="min-h-0 flex-1 space-y-2 overflow-y-auto bg-sky-50/60 px-3 py-3">
        <li className="text-center text-xs text-slate-500">{TEST_PANEL_TEXTS.intro}</li>
        {lines.map((line, i) => (
          <ChatLine key={i} line={line} busy={busy} onPress={(input, shown) => void run(input, shown)} />
        ))}
      </ol>
      <form onSubmit={submit} className="flex shrink-0 gap-2 border-t border-slate-100 px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <input aria-label="Mensagem de teste" className={cn(controlClasses(false), 'h-9')} value={text} placeholder="/start" onChange={(e) => setText(e.target.value)} />
        <Button size="sm" type="submit" disabled={busy || text.trim() === ''} aria-label="Enviar mensagem de teste" icon={<Send aria-hidden="true" className="size-4" />} />
      </form>
    </aside>
  );
}
