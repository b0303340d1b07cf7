import { useLayoutEffect, useRef } from 'react';
import { insertAtCursor } from '../utils/insert-at-cursor.ts';

/**
 * Inserts a text where the caret is in the returned ref's text area, then puts the caret after it. Until the user
 * has put the caret somewhere (`touch`), the text goes at the end rather than at position 0.
 */
export function useInsertAtCaret(value: string, onChange: (value: string) => void) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const touched = useRef(false);
  const caretAfterUpdate = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = textarea.current;
    const caret = caretAfterUpdate.current;
    if (!element || caret === null) return;
    caretAfterUpdate.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [value]);

  function insert(text: string) {
    const element = textarea.current;
    const edit = touched.current && element ? insertAtCursor(value, element.selectionStart, element.selectionEnd, text) : insertAtCursor(value, null, null, text);
    touched.current = true;
    caretAfterUpdate.current = edit.cursor;
    onChange(edit.value);
  }

  return { textarea, insert, touch: () => (touched.current = true) };
}
