import { Link } from '@tanstack/react-router';
import { EXECUTION_CONTEXTS } from '@shared/flows/schemas.ts';
import { BotSelect } from '../../../components/ui/bot-select.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useModalBots } from '../api/flow-rows.ts';
import { CONTEXT_LABELS } from '../api/flow-texts.ts';
import type { CreateFlowFormState } from '../hooks/use-create-flow-form.ts';
import { ChannelPicker } from './channel-picker.tsx';

/** The create-flow form's fields, in order: bot, name, description, execution contexts, and the channels when Canais is on. */
export function CreateFlowFields({ state }: { state: CreateFlowFormState }) {
  const { form, shown } = state;
  return (
    <>
      <BotsField state={state} />
      <Input label="Nome do fluxo" required value={form.name} error={shown('name')} data-autofocus onChange={(e) => state.setName(e.target.value)} />
      <Textarea label="Descrição" rows={2} value={form.description} onChange={(e) => state.setDescription(e.target.value)} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Contextos de execução</legend>
        <div className="grid grid-cols-2 gap-2">
          {EXECUTION_CONTEXTS.map((context) => (
            <label key={context} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 accent-brand-600" checked={form.executionContexts.includes(context)} onChange={() => state.toggleContext(context)} />
              {CONTEXT_LABELS[context]}
            </label>
          ))}
        </div>
        {shown('executionContexts') && <p className="mt-1.5 text-sm text-red-600">{shown('executionContexts')}</p>}
      </fieldset>
      {form.executionContexts.includes('channel') && (
        <ChannelPicker botId={form.botId} selected={form.allowedChannelIds} onToggle={state.toggleChannel} error={shown('allowedChannelIds')} />
      )}
    </>
  );
}

/** The user's bots; with none yet, a note pointing to Meus Bots. */
function BotsField({ state }: { state: CreateFlowFormState }) {
  const bots = useModalBots();
  return (
    <>
      {bots.length === 0 && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Nenhum bot cadastrado ainda.{' '}
          <Link to="/bots" className="font-medium underline">
            Cadastre um bot em Meus Bots
          </Link>{' '}
          para criar fluxos.
        </p>
      )}
      <BotSelect bots={bots} value={state.form.botId} onChange={state.setBot} error={state.shown('botId')} placeholder={<option value="">Selecione um bot</option>} />
    </>
  );
}
