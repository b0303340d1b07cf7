import { useId } from 'react';
import type { WelcomeForm } from '../hooks/use-welcome-form.ts';
import { ChoiceControl } from './choice-control.tsx';

const TRIGGERS = [
  { value: 'ON_MEMBER_JOINED', label: 'Ao entrar', description: 'Grupos públicos ou links diretos' },
  { value: 'ON_JOIN_REQUEST_APPROVED', label: 'Ao aprovar', description: 'Grupos com aprovação de membros' },
] as const;

/** Trigger (docs/product.md#entity-welcome), auto-approve only for the approval trigger (docs/product.md#state-welcome), and sending privately. */
export function DeliveryOptions({ form }: { form: WelcomeForm }) {
  const name = useId();
  const { triggerOn, autoApprove, sendToPrivate } = form.values;
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Quando enviar</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TRIGGERS.map((trigger) => (
            <ChoiceControl
              key={trigger.value}
              type="radio"
              name={name}
              label={trigger.label}
              description={trigger.description}
              checked={triggerOn === trigger.value}
              onChange={() => form.set('triggerOn', trigger.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        {triggerOn === 'ON_JOIN_REQUEST_APPROVED' && (
          <ChoiceControl
            type="checkbox"
            label="Aprovar automaticamente"
            description="O bot aprova a solicitação de entrada e envia a mensagem em seguida"
            checked={autoApprove}
            onChange={(event) => form.set('autoApprove', event.target.checked)}
          />
        )}
        <ChoiceControl
          type="checkbox"
          label="Enviar no privado"
          description="Tenta DM, senão envia no grupo"
          checked={sendToPrivate}
          onChange={(event) => form.set('sendToPrivate', event.target.checked)}
        />
      </div>
    </div>
  );
}
