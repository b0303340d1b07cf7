import { useId, useState, type FormEvent } from 'react';
import { PIXEL_LIMITS, PIXEL_TOASTS, type Pixel } from '@shared/pixels/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendTestEvent } from '../api/pixel-requests.ts';
import { checkTestEventCode } from '../utils/pixel-form.ts';
import { TestEventAnswer, type Answer } from './test-event-answer.tsx';

type Props = { pixel: Pixel; onClose: () => void };

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
        <TestEventAnswer answer={answer} />
      </form>
    </Modal>
  );
}
