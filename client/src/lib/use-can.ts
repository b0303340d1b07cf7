import { can, type Area } from '@shared/team/permissions.ts';
import { actingWorkspace, useSession } from './session-store.ts';

/** Whether the member's role in the workspace they act in holds `area` (shared/team/permissions.ts): what to show. */
export function useCan(area: Area): boolean {
  const workspace = actingWorkspace(useSession());
  return workspace ? can(workspace.role, area) : false;
}
