import { useId, type FormEvent } from 'react';
import type { Plan } from '@shared/access/plans.ts';
import { ACCESS_LIMITS } from '@shared/access/texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useGrantAccess } from '../api/access-mutations.ts';
import { PlanSelect } from './plan-select.tsx';
import { checkGrant, emptyGrantForm, type GrantFormValues } from '../utils/grant-form.ts';

type Props = { plans: Plan[]; planId: string | undefined; onClose: () => void };

/** Conceder acesso (a gift, a support case): the plan, the person's e-mail, for some days or vitalício. */
export function GrantModal({ plans, planId, onClose }: Props) {
  const formId = useId();
  const grant = useGrantAccess();
  const form = useFormState({ initial: () => emptyGrantForm(planId ?? (plans.length === 1 ? plans[0]?.id : '') ?? ''), check: checkGrant, guardLeave: false });
  const { values, shownError } = form;
  const change = (changes: Partial<GrantFormValues>) => form.edit((current) => ({ ...current, ...changes }), Object.keys(changes));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    try {
      await grant.mutateAsync({ planId: valid.planId, input: valid.input });
      onClose();
    } catch {
      // Toasted with the server's reason; the form stays open.
    }
  }

  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={grant.isPending}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} loading={grant.isPending}>
        Conceder acesso
      </Button>
    </>
  );
  return (
    <Modal open onClose={() => !grant.isPending && onClose()} title="Conceder acesso" description="A pessoa recebe um link de vínculo para entrar pelo Telegram." size="lg" footer={footer}>
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {planId === undefined && <PlanSelect plans={plans} none="Selecione um plano" required value={values.planId} error={shownError('planId')} onChange={(value) => change({ planId: value })} />}
        <Input label="E-mail" type="email" required autoComplete="off" maxLength={ACCESS_LIMITS.emailMax} value={values.email} error={shownError('email')} onChange={(event) => change({ email: event.target.value })} data-autofocus />
        <Input label="Nome" autoComplete="off" maxLength={120} value={values.name} error={shownError('name')} onChange={(event) => change({ name: event.target.value })} />
        <div className="grid grid-cols-2 gap-3">
          <Input label="Dias de acesso" inputMode="numeric" disabled={values.lifetime} required={!values.lifetime} value={values.lifetime ? '' : values.days} error={shownError('days')} onChange={(event) => change({ days: event.target.value })} />
          <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end pb-1 text-sm font-medium text-slate-700">
            <input type="checkbox" className="size-5 accent-brand-600" checked={values.lifetime} onChange={(event) => change({ lifetime: event.target.checked })} />
            Vitalício
          </label>
        </div>
        <Textarea label="Observação" rows={2} maxLength={500} value={values.note} error={shownError('note')} helperText="Fica no histórico do acesso." onChange={(event) => change({ note: event.target.value })} />
      </form>
    </Modal>
  );
}
