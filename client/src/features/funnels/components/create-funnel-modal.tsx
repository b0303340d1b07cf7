import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCreateFunnel, useFunnelFormOptions } from '../api/funnel-requests.ts';
import { checkCreateFunnel, emptyFunnelForm, type FunnelField, type FunnelFormValues } from '../utils/funnel-form.ts';
import { FunnelCreated, type CreatedFunnel } from './funnel-created.tsx';
import { FunnelFormFields } from './funnel-form-fields.tsx';

/**
 * Novo funil (docs/product.md#screen-funnels): the form, then the success state with the tracking script and the
 * Telegram link to copy. A refused creation keeps the form (the server's message is toasted).
 */
export function CreateFunnelModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<FunnelFormValues>(emptyFunnelForm);
  const [errors, setErrors] = useState<Partial<Record<FunnelField, string>>>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedFunnel | null>(null);
  const options = useFunnelFormOptions(values.botId);
  const create = useCreateFunnel();

  function change(changes: Partial<FunnelFormValues>) {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
    setSummary(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkCreateFunnel(values);
    if (!check.ok) {
      setErrors(check.errors);
      setSummary(check.summary);
      return;
    }
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
      footer={
        created ? (
          <Button onClick={onClose}>Concluir</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} loading={create.isPending}>
              Criar funil
            </Button>
          </>
        )
      }
    >
      {created ? (
        <FunnelCreated created={created} />
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {summary && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {summary}
            </p>
          )}
          <FunnelFormFields values={values} errors={errors} summary={summary} options={options} onChange={change} />
        </form>
      )}
    </Modal>
  );
}
