import { Link, useNavigate } from '@tanstack/react-router';
import { Plus, Trash2, Workflow } from 'lucide-react';
import { buttonTypeFor, MAX_BUTTON_TEXT, MAX_WELCOME_BUTTONS, WELCOME_TEXTS } from '@shared/welcome/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { WelcomeForm } from '../hooks/use-welcome-form.ts';
import { useButtonFlows, useCreateButtonFlow } from '../api/button-flows.ts';
import { buttonTypeLabel, canAddButton } from '../utils/button-list.ts';

/** Up to 4 inline buttons (docs/product.md#limits); each row shows the type its value gives (docs/product.md#state-button-type). */
export function ButtonEditor({ form, botId }: { form: WelcomeForm; /** Shows which flow answers each action button. */ botId?: string }) {
  const { buttons } = form.values;
  const full = !canAddButton(buttons);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Botões</legend>
      <p className="mb-3 text-sm text-slate-500">
        Até {MAX_WELCOME_BUTTONS} botões. Um valor que começa com http:// ou https:// abre um link; qualquer outro vira uma ação no bot, que um fluxo com o gatilho “Botão clicado” pode responder.
      </p>
      {buttons.length > 0 && (
        <ol className="space-y-3">
          {buttons.map((button, index) => (
            <li key={button.key}>
              <fieldset className="rounded-xl border border-slate-200 p-3 sm:p-4">
                {/* A legend must be the fieldset's first child to name it; the visible title sits in the row below. */}
                <legend className="sr-only">Botão {index + 1}</legend>
                <div className="mb-2 flex items-center justify-between gap-2">
                  <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
                    Botão {index + 1}
                  </span>
                  <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                    Tipo: {buttonTypeLabel(button.value)}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover botão ${index + 1}`}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => form.removeButton(button.key)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Input
                    label="Texto"
                    value={button.text}
                    maxLength={MAX_BUTTON_TEXT}
                    placeholder="Ex.: Acessar site"
                    error={form.errors[`buttons.${button.key}.text`]}
                    onChange={(event) => form.updateButton(button.key, { text: event.target.value })}
                  />
                  <Input
                    label="Valor"
                    value={button.value}
                    placeholder="https://… ou código da ação (ex.: saber_mais)"
                    error={form.errors[`buttons.${button.key}.value`]}
                    onChange={(event) => form.updateButton(button.key, { value: event.target.value })}
                  />
                </div>
                {botId && buttonTypeFor(button.value) === 'callback' && button.value.trim() !== '' && <ButtonAnswer botId={botId} button={button} />}
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={full} icon={<Plus aria-hidden="true" className="size-4" />} onClick={form.addButton}>
          Adicionar botão
        </Button>
        {(full || form.errors.buttons) && <p className="text-sm text-slate-500">{form.errors.buttons ?? WELCOME_TEXTS.tooManyButtons}</p>}
      </div>
    </fieldset>
  );
}

/** Which flow answers an action button, or a way to create one (issue: a button that leads nowhere goes unnoticed). */
function ButtonAnswer({ botId, button }: { botId: string; button: { text: string; value: string } }) {
  const answers = useButtonFlows(botId);
  const createFlow = useCreateButtonFlow();
  const navigate = useNavigate();
  if (!answers) return null;
  const answer = answers.get(button.value.trim());
  if (answer) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
        <Workflow aria-hidden="true" className="size-4 text-emerald-600" />
        Respondido pelo fluxo{' '}
        <Link to="/flows/$flowId/edit" params={{ flowId: answer.flowId }} className="font-medium text-brand-700 underline">
          {answer.flowName}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <p className="text-amber-700">Nenhum fluxo responde a este botão.</p>
      <Button
        variant="outline"
        size="sm"
        onClick={async () => {
          const flowId = await createFlow(botId, button);
          if (flowId) void navigate({ to: '/flows/$flowId/edit', params: { flowId } });
        }}
      >
        Criar fluxo para este botão
      </Button>
    </div>
  );
}
