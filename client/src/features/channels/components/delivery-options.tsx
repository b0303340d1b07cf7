import { useId } from 'react';
import type { WelcomeForm } from '../hooks/use-welcome-form.ts';
import { ChoiceControl } from './choice-control.tsx';

/** Trigger (docs/product.md#entity-welcome), auto-approve only for the approval trigger (docs/product.md#state-welcome), and sending privately. */
export function DeliveryOptions({ form }: { form: WelcomeForm }) {
  const name = useId();
  const { triggerOn, autoApprove, sendToPrivate } = form.values;
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Quando enviar</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <ChoiceControl
            type="radio"
            name={name}
            label="Ao entrar"
            description="Grupos públicos ou links diretos"
            checked={triggerOn === 'ON_MEMBER_JOINED'}
            onChange={() => form.set('triggerOn', 'ON_MEMBER_JOINED')}
          />
          <ChoiceControl
            type="radio"
            name={name}
            label="Ao aprovar"
            description="Grupos com aprovação de membros"
            checked={triggerOn === 'ON_JOIN_REQUEST_APPROVED'}
            onChange={() => form.set('triggerOn', 'ON_JOIN_REQUEST_APPROVED')}
          />
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
