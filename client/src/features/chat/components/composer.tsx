import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CHAT_TEXTS } from '../api/chat-texts.ts';

/**
 * The reply box: send is disabled for blank text (docs/product.md#screen-chat); Enter sends, Shift+Enter breaks a
 * line. It sits at the bottom of a column sized by the dynamic viewport, so the phone keyboard pushes it up
 * instead of covering it (index.html asks for `interactive-widget=resizes-content`).
 */
export function Composer({ onSend }: { onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  const blank = text.trim().length === 0;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank) return;
    const value = text;
    setText('');
    if (!(await onSend(value))) setText(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-2 sm:p-3">
      <label htmlFor="chat-composer" className="sr-only">
        Mensagem
      </label>
      <textarea
        id="chat-composer"
        rows={1}
        value={text}
        maxLength={4096}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest' })}
        placeholder={CHAT_TEXTS.placeholder}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm"
      />
      <Button type="submit" disabled={blank} aria-label={CHAT_TEXTS.send} icon={<SendHorizontal aria-hidden="true" className="size-4" />}>
        <span className="hidden sm:inline">{CHAT_TEXTS.send}</span>
      </Button>
    </form>
  );
}
