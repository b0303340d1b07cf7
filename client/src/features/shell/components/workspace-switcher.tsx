import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ROLE_LABELS } from '@shared/team/permissions.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { actingWorkspace, useSession } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { switchWorkspace } from '../../../lib/workspace.ts';
import { meQueryOptions } from '../api/get-me.ts';

const SWITCH_FAILED = 'Não foi possível trocar de equipe. Tente novamente.';

/**
 * The workspace ("Equipe") the member acts in, and a switch to another when they belong to several; absent for one.
 * Switching opens that workspace's own local data (lib/workspace.ts).
 */
export function WorkspaceSwitcher({ collapsed }: { collapsed: boolean }) {
  const id = useId();
  const session = useSession();
  const current = actingWorkspace(session);
  const { data } = useQuery(meQueryOptions());
  const [switching, setSwitching] = useState(false);
  const workspaces = data?.workspaces ?? [];
  if (workspaces.length < 2 || !current) return null;

  async function choose(workspaceId: string) {
    setSwitching(true);
    try {
      await switchWorkspace(workspaceId);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : SWITCH_FAILED);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div className={cn('shrink-0 border-t border-slate-200 px-4 py-3', collapsed && 'md:hidden')}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
        Equipe
      </label>
      <select
        id={id}
        value={current.id}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
        className="min-h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {`${workspace.name} (${ROLE_LABELS[workspace.role]})`}
          </option>
        ))}
      </select>
    </div>
  );
}
