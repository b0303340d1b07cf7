import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { useSaveWelcome } from '../api/save-welcome.ts';
import { useWelcomeForm } from '../hooks/use-welcome-form.ts';
import { ButtonEditor } from './button-editor.tsx';
import { DeliveryOptions } from './delivery-options.tsx';
import { FlowsTip } from './flows-tip.tsx';
import { MessageEditor } from './message-editor.tsx';
import { WelcomePreview } from './welcome-preview.tsx';
import { WelcomeSwitch } from './welcome-switch.tsx';

/** Every control of docs/product.md#screen-channel for one channel, the live preview beside it; saved together (docs/product.md#state-welcome). */
export function WelcomeForm({ channelId, botId, initial, botActive = true }: { channelId: string; botId: string; initial: WelcomeMessage; botActive?: boolean }) {
  const form = useWelcomeForm(initial);
  const save = useSaveWelcome();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = form.validate();
    if (payload) void save(channelId, payload);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Mensagem de boas-vindas" className="grid items-start gap-6 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        <Card>
          <CardContent>
            <WelcomeSwitch enabled={form.values.enabled} botActive={botActive} onChange={(enabled) => form.set('enabled', enabled)} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Envio" description="Quando e onde o membro recebe a mensagem" />
          <CardContent>
            <DeliveryOptions form={form} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Conteúdo" description="O texto e os botões da mensagem" />
          <CardContent className="space-y-6">
            <MessageEditor value={form.values.message} error={form.errors.message} onChange={(message) => form.set('message', message)} />
            <ButtonEditor form={form} botId={botId} />
          </CardContent>
        </Card>
      </div>
      <div className="space-y-6 lg:sticky lg:top-24 lg:col-span-2">
        <WelcomePreview message={form.values.message} buttons={form.values.buttons} />
        <FlowsTip />
      </div>
      {/* Sticky: the form is long on a phone, and Salvar must be reachable without scrolling to its end. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border lg:col-span-5">
        {form.dirty && <p className="mr-auto text-sm text-amber-700">Alterações não salvas</p>}
        <Button type="submit" size="lg" icon={<Save aria-hidden="true" className="size-4" />}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
