import { useNavigate } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import type { AccessGateway, Plan } from '@shared/access/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useCreatePlan, useUpdatePlan } from '../api/access-mutations.ts';
import { usePlanFormOptions } from '../api/access-requests.ts';
import { checkCreatePlan, checkUpdatePlan, emptyPlanForm, planFormFrom, type GatewayValues, type PlanFormValues } from '../utils/plan-form.ts';
import { PlanFormFields } from './plan-form-fields.tsx';

/**
 * Novo plano / Editar plano. A created plan opens its page (the webhook URLs to paste in the gateway); a refused
 * save keeps the form open, the server's pt-BR reason toasted (a chat where the bot cannot ban, say).
 */
export function PlanFormModal({ plan, onClose }: { plan?: Plan; onClose: () => void }) {
  const formId = useId();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  // A valid form answers how to save it: edit the plan, or create one and open its page.
  const check = (values: PlanFormValues) => {
    if (plan) {
      const result = checkUpdatePlan(values);
      return result.ok ? { ok: true as const, save: async () => void (await update.mutateAsync({ id: plan.id, input: result.input })) } : result;
    }
    const result = checkCreatePlan(values);
    if (!result.ok) return result;
    const save = async () => {
      const created = await create.mutateAsync(result.input);
      void navigate({ to: '/acessos/$planId', params: { planId: created.id } });
    };
    return { ok: true as const, save };
  };
  const form = useFormState({ initial: () => (plan ? planFormFrom(plan) : emptyPlanForm()), check, guardLeave: false });
  const options = usePlanFormOptions(form.values.botId);
  const saving = create.isPending || update.isPending;
  const change = (changes: Partial<PlanFormValues>) => form.edit((current) => ({ ...current, ...changes }), Object.keys(changes).map((key) => (key === 'price' ? 'priceCents' : key)));
  const gateway = (name: AccessGateway, field: keyof GatewayValues, value: string) =>
    form.edit((current) => ({ ...current, gateways: { ...current.gateways, [name]: { ...current.gateways[name], [field]: value } } }), [`gateways.${name}.${field}`]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    try {
      await valid.save();
      onClose();
    } catch {
      // Toasted by the mutation cache with the server's message; the form stays open.
    }
  }

  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} loading={saving}>
        {plan ? 'Salvar' : 'Criar plano'}
      </Button>
    </>
  );
  return (
    <Modal open onClose={() => !saving && onClose()} title={plan ? 'Editar plano' : 'Novo plano'} description="O bot precisa ser administrador com permissão para convidar e banir em cada chat." size="xl" footer={footer}>
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <PlanFormFields plan={plan} form={form} options={options} onChange={change} onGateway={gateway} />
      </form>
    </Modal>
  );
}
