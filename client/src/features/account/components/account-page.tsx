import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

export const OFFLINE_ACCOUNT_HINT = 'Você está offline: as opções da conta precisam de conexão com o servidor.';

/** /conta (Minha conta): one card per section; each needs the server. Every role sees it: it is the person's own. */
export function AccountPage() {
  const { online } = useSyncSnapshot();
  const { user } = useSession();
  // The export is the whole workspace's data: its owners' (the server refuses anyone else with 403).
  const canExport = useCan('workspace');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Conta e segurança" description={user ? `Você entrou como ${user.name} (${user.email}).` : 'Senha, aparelhos e exclusão da conta.'} />
      {!online && <OfflineNotice>{OFFLINE_ACCOUNT_HINT}</OfflineNotice>}
      <PasswordSection online={online} />
      <SessionsSection online={online} />
      {canExport && <DataExportSection online={online} />}
      <DeleteAccountSection online={online} />
    </div>
  );
}
