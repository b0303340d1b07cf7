import { Plus } from 'lucide-react';
import { MAX_WELCOME_BUTTONS, WELCOME_TEXTS } from '@shared/welcome/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { WelcomeForm } from '../hooks/use-welcome-form.ts';
import { canAddButton } from '../utils/button-list.ts';
import { WelcomeButtonFields } from './welcome-button-fields.tsx';

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
            <WelcomeButtonFields key={button.key} form={form} button={button} index={index} botId={botId} />
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
