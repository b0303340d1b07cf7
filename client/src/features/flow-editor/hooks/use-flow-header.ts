/**
 * Header state: the name (saved on blur when changed) and the enabled toggle, which shows the new state at once
 * and goes back when the server refuses (part 2 §4).
 */
import { useState } from 'react';
import type { FlowDetail } from '../../../../../shared/flows/schemas.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { renameFlow, setFlowEnabled } from '../api/editor-api.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { errorText } from './use-flow-editor.ts';

export function useFlowHeader(flow: FlowDetail) {
  const syncNow = useSyncNow();
  const [name, setName] = useState(flow.name);
  const [savedName, setSavedName] = useState(flow.name);
  const [enabled, setEnabled] = useState(flow.enabled);
  const [toggling, setToggling] = useState(false);
  // The lists read the local cache: a pull brings them this REST change.
  const refreshLists = () => syncNow();

  async function commitName() {
    const next = name.trim();
    if (!next || next === savedName) {
      setName(savedName);
      return;
    }
    try {
      await renameFlow(flow.id, next);
      setSavedName(next);
      setName(next);
      toast.success(EDITOR_TOASTS.renameSuccess);
      void refreshLists();
    } catch (error) {
      setName(savedName);
      toast.error(errorText(error, EDITOR_TOASTS.renameError));
    }
  }

  async function toggle() {
    const next = !enabled;
    setEnabled(next);
    setToggling(true);
    try {
      await setFlowEnabled(flow.id, next);
      toast.success(next ? EDITOR_TOASTS.enabled : EDITOR_TOASTS.disabled);
      void refreshLists();
    } catch (error) {
      setEnabled(!next);
      toast.error(errorText(error, EDITOR_TOASTS.toggleError));
    } finally {
      setToggling(false);
    }
  }

  return { name, setName, commitName, enabled, toggle, toggling };
}
