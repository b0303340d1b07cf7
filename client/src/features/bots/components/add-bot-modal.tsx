import { useState, type FormEvent } from 'react';
import { createBotInputSchema } from '@shared/bots/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFormActions } from '../../../components/ui/modal-form-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS } from '../api/bot-texts.ts';
import { useCreateBot } from '../api/create-bot.ts';

const FORM_ID = 'add-bot-form';

/** Paste the BotFather token; the server checks it with Telegram (docs/decisions.md#d-bots-channels) and the list refreshes. */
export function AddBotModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const createBot = useCreateBot({ onSuccess: () => close() });

  function close() {
    setToken('');
    setError(undefined);
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createBotInputSchema.safeParse({ token });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    // A refusal of the token is said once, under the field, while the user fixes it; anything else (Telegram or the
    // network down) is a toast.
    createBot.mutate(parsed.data, {
      onError: (cause) => {
        if (cause instanceof ApiError && cause.status < 500) setError(cause.message);
        else toast.error(cause instanceof ApiError ? cause.message : BOT_TOASTS.createError);
      },
    });
  }

  return (
    <Modal
      open={open}
      onClose={() => !createBot.isPending && close()}
      title="Adicionar Bot"
      description="Cadastre um bot do Telegram pelo token de acesso."
      footer={<ModalFormActions formId={FORM_ID} submitLabel="Adicionar" onCancel={close} cancelDisabled={createBot.isPending} loading={createBot.isPending} />}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit}>
        <Input
          label="Token do bot"
          name="token"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="123456789:ABCdefGHIjklMNOpqrSTUvwxYZ"
          helperText="No Telegram, fale com o @BotFather, crie o bot com /newbot e cole aqui o token que ele enviar."
          value={token}
          error={error}
          data-autofocus
          onChange={(event) => {
            setToken(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
