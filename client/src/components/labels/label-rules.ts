/**
 * The label checks a form can make on the device before queueing (the server makes them again): the shared
 * schema's, a name no other label of the workspace has in any case, and the workspace's limit.
 */
import { LABEL_LIMITS, LABEL_TEXTS, createLabelInputSchema, type Label } from '@shared/labels/schemas.ts';

const folded = (name: string) => name.trim().toLocaleLowerCase('pt-BR');

/** The pt-BR reason a name cannot be used (undefined when it can); `exceptId`: the label being renamed. */
export function labelNameIssue(name: string, labels: readonly Label[], exceptId?: string): string | undefined {
  const parsed = createLabelInputSchema.shape.name.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? LABEL_TEXTS.nameRequired;
  const clash = labels.some((label) => label.id !== exceptId && folded(label.name) === folded(parsed.data));
  return clash ? LABEL_TEXTS.nameTaken : undefined;
}

export const canAddLabel = (labels: readonly Label[]) => labels.length < LABEL_LIMITS.perWorkspace;

/** The labels among `labelIds` that still exist, in the workspace's order (a deleted one is left out). */
export function labelsOf(labelIds: readonly string[], labels: readonly Label[]): Label[] {
  const wanted = new Set(labelIds);
  return labels.filter((label) => wanted.has(label.id));
}
