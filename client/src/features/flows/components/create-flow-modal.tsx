import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFormActions } from '../../../components/ui/modal-form-actions.tsx';
import { useCreateFlow } from '../api/flow-writes.ts';
import { toCreateFlowInput, useCreateFlowForm } from '../hooks/use-create-flow-form.ts';
import { CreateFlowFields } from './create-flow-fields.tsx';

const FORM_ID = 'create-flow-form';

/** docs/product.md#screen-flows create-flow modal; the flow is created through the outbox, then its editor opens. */
export function CreateFlowModal({ open, onClose, initialBotId }: { open: boolean; onClose: () => void; initialBotId?: string }) {
  const navigate = useNavigate();
  const state = useCreateFlowForm(initialBotId);
  const createFlow = useCreateFlow();
  const [creating, setCreating] = useState(false);

  function close() {
    state.reset(initialBotId);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!state.valid || creating) return;
    setCreating(true);
    const flowId = await createFlow(toCreateFlowInput(state.form)).finally(() => setCreating(false));
    if (!flowId) return;
    close();
    void navigate({ to: '/flows/$flowId/edit', params: { flowId } });
  }

  return (
    <Modal
      open={open}
      onClose={() => !creating && close()}
      title="Criar Fluxo"
      description="Escolha o bot e onde o fluxo pode ser executado."
      size="lg"
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel="Criar Fluxo"
          onCancel={close}
          cancelDisabled={creating}
          loading={creating}
          submitDisabled={!state.valid}
          hint={state.missing}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <CreateFlowFields state={state} />
      </form>
    </Modal>
  );
}
