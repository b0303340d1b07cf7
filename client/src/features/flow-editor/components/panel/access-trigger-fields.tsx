import { Link } from '@tanstack/react-router';
import { ACCESS_EVENT_LABELS, ACCESS_EVENTS } from '@shared/flows/access-events.ts';
import { balanceBidi } from '@shared/text/invisible.ts';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { useAccessPlanOptions } from '../../api/access-plan-options.ts';
import { useCachedFlow } from '../../api/flow-graph-rows.ts';
import { Labelled, str, type ConfigDraft } from './controls.tsx';

/**
 * "Acesso pago": the access event that starts the flow and, optionally, the plan (among the flow's bot's plans;
 * none: any plan). A stored plan missing from the list stays selected, named for what it is, so opening the panel
 * never changes the trigger. The help says where the flow runs and which variables it gets.
 */
export function AccessTriggerFields({ flowId, config, set }: ConfigDraft & { flowId: string }) {
  const event = str(config.event) || 'expires_in_3_days';
  const planId = str(config.planId);
  const lookup = useCachedFlow(flowId);
  const botId = lookup.status === 'ready' ? lookup.flow.botId : undefined;
  const plans = useAccessPlanOptions();
  const options = (plans.data ?? []).filter((plan) => botId === undefined || plan.botId === botId);
  const orphan = planId !== '' && !options.some((plan) => plan.id === planId);
  const select = `${controlClasses(false)} h-9`;
  return (
    <div className="space-y-3">
      <Labelled label="Evento">
        {(id) => (
          <select id={id} className={select} value={event} onChange={(e) => set('event', e.target.value)}>
            {ACCESS_EVENTS.map((value) => (
              <option key={value} value={value}>
                {ACCESS_EVENT_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <div className="space-y-1">
        <Labelled label="Plano">
          {(id) => (
            <select id={id} className={select} value={planId} onChange={(e) => set('planId', e.target.value)}>
              <option value="">Qualquer plano deste bot</option>
              {options.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.archived ? `${balanceBidi(plan.name)} (arquivado)` : plan.name}
                </option>
              ))}
              {orphan && <option value={planId}>{plans.data ? 'Plano excluído' : 'Plano escolhido'}</option>}
            </select>
          )}
        </Labelled>
        {!plans.data && plans.isError && <p className="text-xs text-slate-500">Sem conexão com o servidor: a lista de planos volta com a conexão.</p>}
        {plans.data && options.length === 0 && (
          <p className="text-xs text-slate-500">
            Este bot ainda não tem planos de acesso.{' '}
            <Link to="/acessos" className="inline-block py-1 font-medium text-brand-700 underline">
              Criar plano
            </Link>
          </p>
        )}
      </div>
      <p className="text-xs text-slate-500">
        O fluxo roda na conversa privada do comprador com o bot. Um acesso sem conta do Telegram vinculada (o comprador ainda não abriu o
        link de acesso) não dispara nada. Variáveis: {'{{access.planName}}'}, {'{{access.daysLeft}}'} e {'{{access.until}}'}.
      </p>
    </div>
  );
}
