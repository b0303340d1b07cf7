import { ACCOUNT_TEXTS } from '@shared/account/schemas.ts';
import { PasswordConfirmDialog } from '../../../components/password-confirm-dialog.tsx';
import { ACCOUNT_FAILURES, accountRequests, useDeletionImpact } from '../api/account-requests.ts';
import { useLeaveDevice } from '../../../offline/use-leave-device.ts';
import { deletionLines } from '../utils/deletion-summary.ts';

/** What deleting erases (counted by the server), then the password; a wrong one erases nothing and says so. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const impact = useDeletionImpact(true);
  const leave = useLeaveDevice();

  return (
    <PasswordConfirmDialog
      formId="excluir-conta"
      title="Excluir sua conta?"
      confirmLabel="Excluir minha conta"
      impact={{
        lines: impact.data && deletionLines(impact.data),
        failed: impact.isError,
        failedText: ACCOUNT_FAILURES.impact,
        loadingLabel: 'Contando seus dados',
        emptyText: 'Sua conta não tem bots nem dados além do cadastro.',
        note: 'Os bots são desligados e param de responder no Telegram.',
      }}
      passwordRequired={ACCOUNT_TEXTS.passwordRequired}
      failedText={ACCOUNT_FAILURES.remove}
      onConfirm={async (password) => {
        await accountRequests.deleteAccount(password);
        await leave(ACCOUNT_TEXTS.accountDeleted);
      }}
      onClose={onClose}
    />
  );
}
