/**
 * Typing that is not saved yet lives only in a form's state, not in the outbox, so neither the update gate nor a
 * closing tab would know about it. Forms with a draft register here while it differs from what is stored: the
 * service worker does not take over by itself (docs/offline-sync.md#rule-10), and leaving the page asks first.
 */
import { useEffect } from 'react';

const drafts = new Set<symbol>();
let guarding = false;

export function hasUnsavedChanges(): boolean {
  return drafts.size > 0;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (drafts.size === 0) return;
  event.preventDefault();
  // Older browsers only ask when a return value is set; the text itself is the browser's own.
  event.returnValue = '';
}

/** Marks this component's form as holding unsaved typing while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    if (!guarding) {
      window.addEventListener('beforeunload', onBeforeUnload);
      guarding = true;
    }
    const draft = Symbol('draft');
    drafts.add(draft);
    return () => {
      drafts.delete(draft);
    };
  }, [dirty]);
}
