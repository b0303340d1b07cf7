import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { EXECUTION_CONTEXTS } from '@shared/flows/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useModalBots } from '../api/flow-rows.ts';
import { useCreateFlow } from '../api/flow-writes.ts';
import { CONTEXT_LABELS } from '../api/flow-texts.ts';
import { toCreateFlowInput, useCreateFlowForm } from '../hooks/use-create-flow-form.ts';
import { ChannelPicker } from './channel-picker.tsx';

const FORM_ID = 'create-flow-form';

/** What the disabled submit waits for, in the order of the form (docs/product.md#state-forms: it stays disabled while a rule fails). */
const MISSING_LABELS: readonly { field: string; text: string }[] = [
  { field: 'botId', text: 'selecione um bot' },
  { field: 'name', text: 'dê um nome ao fluxo' },
  { field: 'executionContexts', text: 'marque pelo menos um contexto' },
  { field: 'allowedChannelIds', text: 'escolha pelo menos um canal' },
];

export function missingForFlow(errors: Record<string, string>): string | undefined {
  const missing = MISSING_LABELS.filter(({ field }) => errors[field] !== undefined).map(({ text }) => text);
  if (missing.length === 0) return Object.keys(errors).length > 0 ? 'Corrija os campos destacados.' : undefined;
  return `Para criar: ${missing.join(', ')}.`;
}

/** docs/product.md#screen-flows create-flow modal; the flow is created through the outbox, then its editor opens. */
export function CreateFlowModal({ open, onClose, initialBotId }: { open: boolean; onClose: () => void; initialBotId?: string }) {
  const navigate = useNavigate();
  const state = useCreateFlowForm(initialBotId);
  const { form, errors } = state;
  // An error shows once its field was changed; the disabled submit already says "not yet" before that.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (field: string) => setTouched((fields) => (fields.has(field) ? fields : new Set([...fields, field])));
  const bots = useModalBots();
  const createFlow = useCreateFlow();
  const [creating, setCreating] = useState(false);
  const show = (field: string) => (touched.has(field) ? errors[field] : undefined);
  const hintId = useId();
  const missing = missingForFlow(errors);

  function close() {
    state.reset(initialBotId);
    setTouched(new Set());
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!state.valid || creating) return;
    setCreating(true);
    const flowId = await createFlow(toCreateFlowInput(form)).finally(() => setCreating(false));
    if (!flowId) return;
    close();
    void navigate({ to: '/flows/$flowId/edit', params: { flowId } });
  }

  return (
    <Modal
      open={open}
      onClose={() => !creating && close()}
      title="Criar Fluxo"
      description="Escolha o bot e onde o fluxo pode ser executado."
      size="lg"
      footer={
        <>
          {missing && (
            <p id={hintId} className="mr-auto text-sm text-slate-500">
              {missing}
            </p>
          )}
          <Button variant="outline" onClick={close} disabled={creating}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={creating} disabled={!state.valid} aria-describedby={missing ? hintId : undefined}>
            Criar Fluxo
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {bots.length === 0 && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            Nenhum bot cadastrado ainda.{' '}
            <Link to="/bots" className="font-medium underline">
              Cadastre um bot em Meus Bots
            </Link>{' '}
            para criar fluxos.
          </p>
        )}
        <Field label="Bot" required error={show('botId')}>
          {(control) => (
            <select {...control} className={`${controlClasses(Boolean(show('botId')))} h-11`} value={form.botId} onChange={(e) => (touch('botId'), state.setBot(e.target.value))}>
              <option value="">Selecione um bot</option>
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name} (@{bot.username})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Input label="Nome do fluxo" required value={form.name} error={show('name')} data-autofocus onChange={(e) => (touch('name'), state.setName(e.target.value))} />
        <Textarea label="Descrição" rows={2} value={form.description} onChange={(e) => state.setDescription(e.target.value)} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Contextos de execução</legend>
          <div className="grid grid-cols-2 gap-2">
            {EXECUTION_CONTEXTS.map((context) => (
              <label key={context} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4 accent-brand-600" checked={form.executionContexts.includes(context)} onChange={() => (touch('executionContexts'), touch('allowedChannelIds'), state.toggleContext(context))} />
                {CONTEXT_LABELS[context]}
              </label>
            ))}
          </div>
          {show('executionContexts') && <p className="mt-1.5 text-sm text-red-600">{show('executionContexts')}</p>}
        </fieldset>
        {form.executionContexts.includes('channel') && (
          <ChannelPicker botId={form.botId} selected={form.allowedChannelIds} onToggle={(id) => (touch('allowedChannelIds'), state.toggleChannel(id))} error={show('allowedChannelIds')} />
        )}
      </form>
    </Modal>
  );
}
