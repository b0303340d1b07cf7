import { Plus, Trash2 } from 'lucide-react';
import { buttonTypeFor } from '@shared/welcome/schemas.ts';
import { FLOW_PENDING, isFlowButton, MAX_FLOW_BUTTONS, type FlowButton } from '@shared/flows/buttons.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { buttonRows } from '../../model/xyflow-mapping.ts';
import { SelectField, TextField, type ConfigDraft } from './controls.tsx';
import { MessageFields } from './message-fields.tsx';

const PANEL_TYPES = ['action', 'flow'] as const;
const PANEL_TYPE_LABELS = { action: 'Link ou ação no bot', flow: 'Fluxo (continua no nó conectado)' };

/**
 * send_buttons (docs/product.md#node-subtypes, #rules-nodes): at most 4 buttons, at least 1 kept, one per row. In the panel a button is an
 * "action" (a URL or callback value, its stored type derived from the value) or a "flow" button, stored as
 * `flow_{target}` once its purple handle is connected on the canvas, `flow_pending` until then.
 */
/** What is wrong with an action button, if anything: no value, or a callback value no flow of the bot answers. */
export function buttonProblem(button: FlowButton, listened: ReadonlySet<string> | undefined): string | undefined {
  if (isFlowButton(button)) return undefined;
  const value = button.value.trim();
  if (value === '') return 'Botão sem valor: informe um link ou o código da ação.';
  if (button.type === 'url' || !listened) return undefined;
  return listened.has(value) ? undefined : `Nenhum fluxo responde ao código "${value}": crie um fluxo com o gatilho "Botão clicado" e este código.`;
}

export function ButtonsFields({ config, set, listened }: ConfigDraft & { listened?: ReadonlySet<string> | undefined }) {
  const buttons = buttonRows(config).flat();
  const write = (next: FlowButton[]) => set('buttons', next.map((button) => [button]));
  const change = (index: number, patch: Partial<FlowButton>) => write(buttons.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <>
      <MessageFields config={config} set={set} />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-xs font-medium text-slate-600">
          Botões ({buttons.length}/{MAX_FLOW_BUTTONS})
        </legend>
        {buttons.map((button, index) => (
          <div key={index} className="space-y-2 rounded-lg border border-slate-200 p-2">
            <TextField label={`Texto do botão ${index + 1}`} value={button.text} onChange={(text) => change(index, { text: text.slice(0, 50) })} />
            <SelectField
              label="Tipo"
              value={isFlowButton(button) ? 'flow' : 'action'}
              options={PANEL_TYPES}
              labels={PANEL_TYPE_LABELS}
              onChange={(type) => change(index, type === 'flow' ? { type: 'callback', value: FLOW_PENDING } : { type: 'callback', value: '' })}
            />
            {isFlowButton(button) ? (
              <p className="text-xs text-purple-700">{button.value === FLOW_PENDING ? 'Conecte a bolinha roxa do botão a um nó.' : 'Conectado a um nó do fluxo.'}</p>
            ) : (
              <TextField label="Link ou código da ação" value={button.value} placeholder="https://… ou saber_mais" onChange={(value) => change(index, { value, type: buttonTypeFor(value) })} />
            )}
            {buttonProblem(button, listened) && <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800 ring-1 ring-amber-200">{buttonProblem(button, listened)}</p>}
            <Button variant="ghost" size="sm" disabled={buttons.length <= 1} icon={<Trash2 aria-hidden="true" className="size-3.5" />} onClick={() => write(buttons.filter((_, i) => i !== index))}>
              Remover botão
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={buttons.length >= MAX_FLOW_BUTTONS}
          icon={<Plus aria-hidden="true" className="size-3.5" />}
          onClick={() => write([...buttons, { text: `Botão ${buttons.length + 1}`, type: 'callback', value: FLOW_PENDING }])}
        >
          Adicionar botão
        </Button>
      </fieldset>
    </>
  );
}
