import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '@shared/api-keys/schemas.ts';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { API_KEY_TOASTS, apiKeyKeys, apiKeyRequests, useApiKeys } from '../api/api-key-requests.ts';
import { ApiKeyList } from './api-key-list.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { CreatedKeyDialog } from './created-key-dialog.tsx';

/**
 * "Chaves de API" on the team page (owners and admins): the live keys with their prefix, permissions, creation and
 * last use; "Nova chave" creates one and shows its secret once; "Revogar" ends it, after a confirmation.
 */
export function ApiKeysSection({ disabled }: { disabled: boolean }) {
  const keys = useApiKeys();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await apiKeyRequests.revoke(revoking.id);
      toast.success(API_KEY_TOASTS.revoked);
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : API_KEY_TOASTS.revokeFailed);
    } finally {
      setBusy(false);
    }
  }

  if (keys.isError && !keys.data) return <LoadFailedCard message={API_KEY_TOASTS.loadFailed} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />;
  return (
    <Card>
      <CardHeader
        title="Chaves de API"
        description="Conecte n8n, Make, Zapier, um CRM ou seus scripts: a chave age nesta equipe, só nas áreas que você permitir."
        actions={<Button size="sm" disabled={disabled} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>Nova chave</Button>}
      />
      {!keys.data ? (
        <div aria-busy="true" aria-label="Carregando chaves de API" className="h-24 animate-pulse" />
      ) : keys.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 sm:px-6">Nenhuma chave de API ainda.</p>
      ) : (
        <ApiKeyList apiKeys={keys.data} disabled={disabled} onRevoke={setRevoking} />
      )}
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setSecret(created);
          void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });
        }}
      />
      <CreatedKeyDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revogar chave de API"
        message={`A chave “${revoking?.name ?? ''}” deixa de funcionar na próxima requisição. Quem a usa precisará de uma nova.`}
        confirmLabel="Revogar"
        danger
        loading={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
