import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { VariableSyntax } from '@shared/flows/variables.ts';
import { insertVariable, openVariable, optionsFor, type VariableOption } from './variable-suggestions.ts';

const LIST_KEYS = ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'];

/**
 * The list of variables offered while one is typed: it follows the caret, arrows move in it, Enter or Tab (or a
 * tap) inserts, Escape closes it until the next keystroke. After an insert the caret goes right after it.
 */
export function useVariableSuggestions(value: string, onChange: (value: string) => void, syntax: VariableSyntax) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const caretAfter = useRef<number | null>(null);
  const open = caret === null || dismissed ? undefined : openVariable(value, caret, syntax);
  const options = open ? optionsFor(syntax, open.typed) : [];
  const selected = Math.min(active, options.length - 1);

  useLayoutEffect(() => {
    const element = own.current;
    const at = caretAfter.current;
    if (!element || at === null) return;
    caretAfter.current = null;
    element.focus();
    element.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  function pick(option: VariableOption) {
    if (!open || caret === null) return;
    const next = insertVariable(value, caret, open.start, option, syntax);
    caretAfter.current = next.caret;
    setActive(0);
    onChange(next.text);
  }

  /** True when the key was the list's. */
  function listKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (options.length === 0 || !LIST_KEYS.includes(event.key)) return false;
    event.preventDefault();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    else if (event.key === 'Escape') {
      event.stopPropagation();
      setDismissed(true);
    } else {
      const option = options[selected];
      if (option) pick(option);
    }
    return true;
  }

  return {
    own,
    options,
    selected,
    pick,
    listKey,
    /** A keystroke changed the text: the list opens again, from its first option. */
    typed: (at: number | null) => {
      setCaret(at);
      setDismissed(false);
      setActive(0);
    },
    /** The caret moved (a click, a key that is not the list's) or the text area left (null). */
    track: (at: number | null) => setCaret(at),
    isListKey: (key: string) => LIST_KEYS.includes(key),
  };
}
