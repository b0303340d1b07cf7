/**
 * Header state: the name (saved on blur when changed) and the enabled toggle, both written through the outbox.
 * They show the cached flow, so the toggle shows the new state at once and goes back when the server refuses it
 * (docs/product.md#state-flow-editor): the offline layer takes the refused change back and tells the user.
 */
import { useState } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { toast } from '../../../lib/toast.ts';
import { editorToast } from '../api/editor-toast.ts';
import { useMutate } from '../../../offline/hooks.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';

export function useFlowHeader(flow: FlowSummary) {
  const mutate = useMutate();
  /** What is being typed; null shows the cached name (which follows pulls and other tabs). */
  const [draft, setDraft] = useState<string | null>(null);
  const [toggling, setToggling] = useState(false);

  async function commitName() {
    const next = draft?.trim();
    setDraft(null);
    if (!next || next === flow.name) return;
    try {
      if (await mutate('flow.update', { flowId: flow.id, changes: { name: next } })) editorToast(EDITOR_TOASTS.renameSuccess);
    } catch {
      toast.error(EDITOR_TOASTS.renameError);
    }
  }

  async function toggle() {
    const next = !flow.enabled;
    setToggling(true);
    try {
      if (await mutate('flow.setEnabled', { flowId: flow.id, enabled: next })) editorToast(next ? EDITOR_TOASTS.enabled : EDITOR_TOASTS.disabled);
    } catch {
      toast.error(EDITOR_TOASTS.toggleError);
    } finally {
      setToggling(false);
    }
  }

  return { name: draft ?? flow.name, setName: setDraft, commitName, enabled: flow.enabled, toggle, toggling };
}

export type FlowHeader = ReturnType<typeof useFlowHeader>;
