/** The workspace's own life (docs/product.md#team): renaming it, leaving it, deleting it. */
import { z } from 'zod';
import { deleteAccountInputSchema, deletionImpactSchema } from '../account/schemas.ts';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { workspaceSchema } from './schemas.ts';

export const WORKSPACE_NAME_MAX = 80;
const NAME_TEXT = `Dê um nome à equipe (até ${WORKSPACE_NAME_MAX} caracteres)`;

export const renameWorkspaceInputSchema = z.object({
  name: storableString({ error: NAME_TEXT }).trim().min(1, { error: NAME_TEXT }).max(WORKSPACE_NAME_MAX, { error: NAME_TEXT }),
});
export type RenameWorkspaceInput = z.infer<typeof renameWorkspaceInputSchema>;
export const renameWorkspaceResponseSchema = successEnvelope(z.object({ workspace: workspaceSchema }));

/** Deleting the workspace asks the owner's password, like deleting the account. */
export const deleteWorkspaceInputSchema = deleteAccountInputSchema;
export type DeleteWorkspaceInput = z.infer<typeof deleteWorkspaceInputSchema>;

/** What deleting the workspace erases, counted, and how many members lose it. */
export const workspaceDeletionImpactSchema = deletionImpactSchema.extend({ members: z.number().int() });
export type WorkspaceDeletionImpact = z.infer<typeof workspaceDeletionImpactSchema>;
export const workspaceDeletionImpactResponseSchema = successEnvelope(z.object({ impact: workspaceDeletionImpactSchema }));
