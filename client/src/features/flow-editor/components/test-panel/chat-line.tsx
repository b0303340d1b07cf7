import type { TestInput } from '../../model/test-run.ts';
import type { TestChatLine } from './use-test-chat.ts';
import { UserText } from '../../../../components/ui/user-text.tsx';

/** One line of the test chat: the user's message, a note, a delay's wait, or a bot reply with its buttons (a URL button is not pressed). */
export function ChatLine({ line, busy, onPress }: { line: TestChatLine; busy: boolean; onPress: (input: TestInput, shown: string) => void }) {
  if (line.from === 'user') {
    return <li className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-emerald-100 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900"><UserText reveal="links">{line.text}</UserText></li>;
  }
  if (line.from === 'note') return <li className="text-center text-xs text-amber-700">{line.text}</li>;
  if (line.from === 'wait') return <li data-testid="test-wait" className="text-center text-xs text-slate-500">{line.text}</li>;
  return (
    <li data-testid="test-reply" className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm whitespace-pre-wrap text-slate-900 shadow-sm">
      <UserText reveal="links">{line.reply.text}</UserText>
      {line.reply.buttons.length > 0 && (
        <div className="mt-2 grid gap-1">
          {line.reply.buttons.map((button, b) => (
            <button
              key={b}
              type="button"
              disabled={busy || button.type === 'url'}
              className="rounded-md border border-sky-200 bg-sky-50 px-2 py-1 text-xs font-medium text-sky-800 disabled:opacity-60"
              onClick={() => onPress({ kind: 'button', value: button.value, from: line.reply.nodeId }, button.text)}
            >
              <UserText>{button.text}</UserText>
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
