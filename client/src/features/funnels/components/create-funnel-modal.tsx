import { useId, useState, type FormEvent } from 'react';
import { FormSummary } from '../../../components/form-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useCreateFunnel, useFunnelFormOptions } from '../api/funnel-requests.ts';
import { checkCreateFunnel, emptyFunnelForm, type FunnelFormValues } from '../utils/funnel-form.ts';
import { FunnelCreated, type CreatedFunnel } from './funnel-created.tsx';
import { FunnelFormFields } from './funnel-form-fields.tsx';

function Footer({ formId, created, pending, onClose }: { formId: string; created: boolean; pending: boolean; onClose: () => void }) {
  if (created) return <Button onClick={onClose}>Concluir</Button>;
  return (
    <>
      <Button variant="outline" onClick={onClose} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} loading={pending}>
        Criar funil
      </Button>
    </>
  );
}

/**
 * Novo funil (docs/product.md#screen-funnels): the form, then the success state with the tracking script and the
 * Telegram link to copy. A refused creation keeps the form (the server's message is toasted).
 */
export function CreateFunnelModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const form = useFormState({ initial: emptyFunnelForm, check: checkCreateFunnel, guardLeave: false });
  const [created, setCreated] = useState<CreatedFunnel | null>(null);
  const options = useFunnelFormOptions(form.values.botId);
  const create = useCreateFunnel();
  const change = (changes: Partial<FunnelFormValues>) => form.edit((current) => ({ ...current, ...changes }), Object.keys(changes));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = form.validate();
    if (!check) return;
    try {
      const answer = await create.mutateAsync(check.input);
      setCreated({ name: answer.funnel.name, scriptCode: answer.scriptCode, telegramLink: answer.telegramLink, publicChannel: Boolean(answer.funnel.channel.username) });
    } catch {
      // Toasted by the mutation cache: the server's message, else 'Erro ao criar funil'.
    }
  }

  return (
    <Modal
      open
      onClose={() => !create.isPending && onClose()}
      title={created ? 'Funil criado' : 'Novo funil'}
      description={created ? undefined : 'Um link de convite rastreado para um canal do seu bot.'}
      size="lg"
      footer={<Footer formId={formId} created={created !== null} pending={create.isPending} onClose={onClose} />}
    >
      {created ? (
        <FunnelCreated created={created} />
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <FormSummary text={form.summary} />
          <FunnelFormFields form={form} options={options} onChange={change} />
        </form>
      )}
    </Modal>
  );
}
