import { Link } from '@tanstack/react-router';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { useCachedFlow } from '../../api/flow-graph-rows.ts';
import { useFunnelOptions } from '../../api/funnel-options.ts';
import { Labelled } from './controls.tsx';
import { balanceBidi } from '@shared/text/invisible.ts';

type Props = { flowId: string; value: string; onChange: (funnelId: string) => void };

/**
 * "Contato do funil": the funnel picked by name among the flow's bot's funnels (a funnel of another bot never fires
 * this flow); the stored config stays the funnel's id. A stored id missing from the list stays selected, named for
 * what it is (deleted, or not loaded yet), so opening the panel never changes the trigger.
 */
export function FunnelField({ flowId, value, onChange }: Props) {
  const lookup = useCachedFlow(flowId);
  const botId = lookup.status === 'ready' ? lookup.flow.botId : undefined;
  const funnels = useFunnelOptions();
  const options = (funnels.data ?? []).filter((funnel) => botId === undefined || funnel.botId === botId);
  const orphan = value !== '' && !options.some((funnel) => funnel.id === value);
  return (
    <div className="space-y-1">
      <Labelled label="Funil">
        {(id) => (
          <select id={id} className={`${controlClasses(false)} h-9`} value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">Escolha um funil</option>
            {options.map((funnel) => (
              <option key={funnel.id} value={funnel.id}>
                {funnel.isActive ? funnel.name : `${balanceBidi(funnel.name)} (inativo)`}
              </option>
            ))}
            {orphan && <option value={value}>{funnels.data ? 'Funil excluído' : 'Funil escolhido'}</option>}
          </select>
        )}
      </Labelled>
      {!funnels.data && funnels.isError && <p className="text-xs text-slate-500">Sem conexão com o servidor: a lista de funis volta com a conexão.</p>}
      {funnels.data && options.length === 0 && (
        <p className="text-xs text-slate-500">
          Este bot ainda não tem funis.{' '}
          <Link to="/funnels" className="inline-block py-1 font-medium text-brand-700 underline">
            Criar funil
          </Link>
        </p>
      )}
    </div>
  );
}
