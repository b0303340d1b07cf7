import { LogOut } from 'lucide-react';
import type { User } from '@shared/auth/schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { logoutQuestion, useLogout } from '../hooks/use-logout.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/** The signed-in user (initial, name, email) and Sair, which asks first when changes are still waiting to be sent. */
export function SidebarAccount({ user, collapsed }: { user: User | null; collapsed: boolean }) {
  const logout = useLogout();
  return (
    <div className={cn('shrink-0 border-t border-slate-200 p-3', collapsed && 'md:px-2')}>
      <div className={cn('flex items-center gap-3 rounded-xl px-2 py-2', collapsed && 'md:flex-col md:gap-2 md:px-0')}>
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white"
        >
          {initialOf(user?.name)}
        </span>
        <div className={cn('min-w-0 flex-1', collapsed && 'md:hidden')}>
          <p className="truncate text-sm font-medium text-slate-900"><UserText>{user?.name}</UserText></p>
          <p className="truncate text-xs text-slate-500">{user?.email}</p>
        </div>
        <button
          type="button"
          onClick={() => void logout.request()}
          title="Sair"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600"
        >
          <LogOut aria-hidden="true" className="size-4" />
          <span className={collapsed ? 'md:sr-only' : ''}>Sair</span>
        </button>
      </div>
      <ConfirmDialog
        open={logout.confirming}
        title="Sair com alterações pendentes"
        message={logoutQuestion(logout.pending)}
        confirmLabel="Sair e descartar"
        danger
        onConfirm={logout.confirm}
        onCancel={logout.cancel}
      />
    </div>
  );
}

function initialOf(name: string | undefined): string {
  return name?.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';
}
