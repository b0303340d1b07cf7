import { useId, useState } from 'react';
import { API_KEY_LIMITS, API_KEY_TEXTS, type ApiKeyScope } from '@shared/api-keys/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFormActions } from '../../../components/ui/modal-form-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { API_KEY_TOASTS, apiKeyRequests } from '../api/api-key-requests.ts';
import { ScopePicker } from './scope-picker.tsx';

type Props = { open: boolean; onClose: () => void; onCreated: (secret: string) => void };

/** "Nova chave de API": a name and the scopes; the answer's secret goes to the one-time display. */
export function CreateApiKeyDialog({ open, onClose, onCreated }: Props) {
  const formId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set());
  const [errors, setErrors] = useState<{ name?: string | undefined; scopes?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  function close() {
    setName('');
    setScopes(new Set());
    setErrors({});
    onClose();
  }

  async function submit() {
    const local = { name: name.trim() ? undefined : API_KEY_TEXTS.name, scopes: scopes.size > 0 ? undefined : API_KEY_TEXTS.scopes };
    setErrors(local);
    if (local.name || local.scopes) return;
    setBusy(true);
    try {
      const created = await apiKeyRequests.create({ name: name.trim(), scopes: [...scopes] });
      toast.success(API_KEY_TOASTS.created);
      close();
      onCreated(created.key);
    } catch (failure) {
      const details = failure instanceof ApiError ? failure.details : undefined;
      if (details?.name || details?.scopes) setErrors({ name: details.name, scopes: details.scopes });
      else toast.error(failure instanceof ApiError ? failure.message : API_KEY_TOASTS.createFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Nova chave de API"
      description="Outra ferramenta (n8n, Make, um CRM, um script) usa a chave para agir nesta equipe, só nas áreas que você marcar."
      footer={<ModalFormActions formId={formId} submitLabel="Criar chave" onCancel={close} loading={busy} />}
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Input label="Nome" required maxLength={API_KEY_LIMITS.name} value={name} error={errors.name} helperText="Para lembrar onde a chave é usada, ex.: “n8n da loja”." onChange={(event) => setName(event.target.value)} autoComplete="off" />
        <ScopePicker value={scopes} onChange={setScopes} error={errors.scopes} />
      </form>
    </Modal>
  );
}
