import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ACCOUNT_TEXTS } from '@shared/account/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { usePendingCount } from '../../../offline/hooks.ts';
import { ACCOUNT_FAILURES, accountRequests } from '../api/account-requests.ts';
import { useLeaveDevice } from '../../../offline/use-leave-device.ts';

const lost = (pending: number) =>
  pending === 0 ? '' : pending === 1 ? ' A alteração que ainda não foi enviada será perdida.' : ` As ${pending} alterações que ainda não foram enviadas serão perdidas.`;

export const signOutEverywhereQuestion = (pending: number) =>
  `Todos os aparelhos conectados à sua conta, inclusive este, serão desconectados e precisarão entrar de novo.${lost(pending)}`;

/** Sessões: "Sair de todos os aparelhos" — every session of the account ends, this one too. */
export function SessionsSection({ online }: { online: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const pending = usePendingCount();
  const leave = useLeaveDevice();

  async function signOutEverywhere() {
    setWorking(true);
    try {
      await accountRequests.signOutEverywhere();
      setConfirming(false);
      await leave(ACCOUNT_TEXTS.signedOutEverywhere);
    } catch (error) {
      setWorking(false);
      setConfirming(false);
      if (!(error instanceof ApiError && error.sessionExpired)) toast.error(error instanceof ApiError ? error.message : ACCOUNT_FAILURES.signOut);
    }
  }

  return (
    <Card>
      <CardHeader title="Sessões" description="Perdeu um aparelho ou entrou em um computador que não é seu? Encerre todas as sessões da sua conta." />
      <CardContent>
        <Button variant="outline" disabled={!online} icon={<LogOut aria-hidden="true" className="size-4" />} onClick={() => setConfirming(true)}>
          Sair de todos os aparelhos
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Sair de todos os aparelhos?"
        message={signOutEverywhereQuestion(pending)}
        confirmLabel="Sair de todos"
        danger
        loading={working}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
