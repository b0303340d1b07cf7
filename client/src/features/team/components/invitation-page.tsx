import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { ROLE_LABELS } from '@shared/team/permissions.ts';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { actIn } from '../../../lib/workspace.ts';
import { TEAM_TOASTS, teamKeys, teamRequests } from '../api/team-requests.ts';

/**
 * /convite/$token: where an invitation's link lands. It names the workspace and the role; a visitor signs up or signs
 * in (and comes back here), a signed-in account joins and starts acting in that workspace.
 */
export function InvitationPage({ token }: { token: string }) {
  const session = useSession();
  const here = `/convite/${encodeURIComponent(token)}`;
  const preview = useQuery({ queryKey: teamKeys.invitation(token), queryFn: () => teamRequests.preview(token), retry: false });
  const [joining, setJoining] = useState(false);
  useEffect(() => {
    document.title = 'Convite | Canalize';
  }, []);

  async function join() {
    setJoining(true);
    try {
      const { workspace, tokens } = await teamRequests.accept(token);
      actIn(workspace, tokens);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : TEAM_TOASTS.acceptFailed);
      setJoining(false);
    }
  }

  const invitation = preview.data;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200/80 bg-white p-6 shadow-sm sm:p-8">
        <BrandLogo className="mb-6" />
        <h1 className="text-xl font-semibold text-slate-900">Convite para uma equipe</h1>
        {preview.isError ? (
          <>
            <p className="mt-3 text-sm text-slate-600">{preview.error instanceof ApiError ? preview.error.message : ERROR_MESSAGES.INVITATION_INVALID}</p>
            <Link to="/" className={buttonClasses({ variant: 'outline', className: 'mt-6 w-full' })}>
              Ir para o início
            </Link>
          </>
        ) : !invitation ? (
          <div aria-busy="true" aria-label="Carregando convite" className="mt-4 h-24 animate-pulse rounded-xl bg-slate-100" />
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600">
              Você foi convidado para a equipe <strong className="text-slate-900">{invitation.workspaceName}</strong> como{' '}
              <strong className="text-slate-900">{ROLE_LABELS[invitation.role]}</strong>.
            </p>
            <p className="mt-1 text-xs text-slate-500">{`Válido até ${formatDateTime(invitation.expiresAt)}.`}</p>
            {session.isAuthenticated ? (
              <>
                <p className="mt-4 text-sm text-slate-600">{`Você entrará como ${session.user?.name ?? ''} (${session.user?.email ?? ''}).`}</p>
                <Button className="mt-6 w-full" loading={joining} onClick={() => void join()}>
                  Entrar na equipe
                </Button>
              </>
            ) : (
              <div className="mt-6 grid gap-3">
                <Link to="/register" search={{ redirect: here }} className={buttonClasses({ className: 'w-full' })}>
                  Criar conta e entrar
                </Link>
                <Link to="/login" search={{ redirect: here }} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
                  Já tenho conta
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
