import { CircleCheck, CircleX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PIXEL_LIMITS, PIXEL_TEXTS, PIXEL_TOASTS, type Pixel, type PixelTestEventResult } from '@shared/pixels/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendTestEvent } from '../api/pixel-requests.ts';
import { checkTestEventCode } from '../utils/pixel-form.ts';

type Props = { pixel: Pixel; onClose: () => void };

type Answer = { kind: 'received'; result: PixelTestEventResult } | { kind: 'failed'; message: string };

/**
 * Sends one test event with the code from Meta's Events Manager and shows Meta's answer: how many events it received
 * (and its messages), or why it refused them (docs/product.md#rules-pixels).
 */
export function TestEventModal({ pixel, onClose }: Props) {
  const formId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const send = useSendTestEvent();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkTestEventCode(code);
    if (!check.ok) return setError(check.error);
    setAnswer(null);
    try {
      const result = await send.mutateAsync({ id: pixel.id, testEventCode: check.code });
      setAnswer({ kind: 'received', result });
    } catch (failure) {
      setAnswer({ kind: 'failed', message: errorMessage(failure, PIXEL_TOASTS.testFailed) });
    }
  }

  return (
    <Modal
      open
      onClose={() => !send.isPending && onClose()}
      title="Enviar evento teste"
      description={pixel.name}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Fechar
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            Enviar evento teste
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Input
          label="Código do evento teste"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={PIXEL_LIMITS.testEventCodeMax}
          value={code}
          error={error}
          helperText="No Gerenciador de Eventos do Meta: Eventos de teste › código (ex.: TEST12345)."
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          data-autofocus
        />
        {answer?.kind === 'received' && (
          <div role="status" data-testid="test-event-answer" className="flex gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0 break-words">
              <p className="font-medium">{PIXEL_TEXTS.testEventReceived(answer.result.eventsReceived)}</p>
              {answer.result.messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
              {answer.result.fbtraceId && <p className="text-xs text-emerald-700">fbtrace_id: {answer.result.fbtraceId}</p>}
            </div>
          </div>
        )}
        {answer?.kind === 'failed' && (
          <div role="alert" data-testid="test-event-answer" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 break-words">{answer.message}</p>
          </div>
        )}
      </form>
    </Modal>
  );
}
