import { useState } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { isNodeSubType } from '@shared/flows/node-catalog.ts';
import { parseNodeConfig } from '@shared/flows/node-configs.ts';
import { useUnsavedChanges } from '../../../../lib/unsaved-changes.ts';
import { configVariableIssues } from '../../model/variable-issues.ts';

type Patch = { label: string; config: Record<string, unknown> };

/**
 * The panel's draft of a node: its label and config as edited, not in the outbox until saved (leaving the page asks
 * first). Unknown variables are flagged under their field; saving with one asks once more before keeping it. A draft
 * the contract refuses (HTML Telegram cannot parse, a javascript: link) is not saved at all: the panel says why and
 * keeps the draft to fix.
 */
export function useNodeDraft(node: FlowNode, onSave: (patch: Patch) => void) {
  const [label, setName] = useState(node.label);
  const [config, setConfig] = useState(node.config);
  // Edited since opened or last saved: the draft is not in the outbox yet.
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [invalid, setInvalid] = useState<string>();
  useUnsavedChanges(dirty);
  const setLabel = (value: string) => {
    setName(value);
    setDirty(true);
  };
  const set = (key: string, value: unknown) => {
    setConfig((c) => ({ ...c, [key]: value }));
    setDirty(true);
    setConfirming(false);
    setInvalid(undefined);
  };
  const issues = configVariableIssues(config);
  const save = () => {
    const parsed = isNodeSubType(node.subType) ? parseNodeConfig(node.subType, config) : undefined;
    if (parsed && !parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Configuração inválida');
      return;
    }
    if (issues.length > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setDirty(false);
    onSave({ label: label.trim() || node.label, config });
  };
  return { label, setLabel, draft: { config, set }, save, warning: confirming ? issues[0]?.message : undefined, invalid };
}
