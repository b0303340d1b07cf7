/**
 * The `/` picker of the reply box: a reply box holding `/` and a word (no space yet) lists the quick replies whose
 * shortcut matches; arrows move, Enter or Tab inserts, Escape closes until the word changes.
 */
import { useState, type KeyboardEvent } from 'react';
import { matchQuickReplies } from '@shared/quick-replies/fill.ts';
import type { QuickReply } from '@shared/quick-replies/schemas.ts';

/** The word after a leading `/`, or null when the box is not asking for a quick reply. */
export function quickReplyQuery(text: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** `choose` inserts a reply; the answer's `onKeyDown` answers whether it handled the key (else the box does). */
export function useQuickReplyPicker(text: string, replies: readonly QuickReply[], enabled: boolean, choose: (reply: QuickReply) => void) {
  const query = enabled ? quickReplyQuery(text) : null;
  const [state, setState] = useState({ query: '', active: 0, dismissed: false });
  // A new word starts over: the first match highlighted, the picker open again.
  const current = state.query === query ? state : { query: query ?? '', active: 0, dismissed: false };
  const matches = query === null ? [] : matchQuickReplies(replies, query);
  const open = query !== null && !current.dismissed && replies.length > 0;
  const active = Math.min(current.active, Math.max(matches.length - 1, 0));
  const move = (delta: number) => setState({ ...current, active: (active + delta + matches.length) % matches.length });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.shiftKey) return false;
    if (event.key === 'Escape') {
      setState({ ...current, dismissed: true });
    } else if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (matches.length > 0 && (event.key === 'Enter' || event.key === 'Tab')) {
      const reply = matches[active];
      if (reply) choose(reply);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  }

  return { open, matches, active, onKeyDown };
}
