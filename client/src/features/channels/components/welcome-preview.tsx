import { PREVIEW_CONTEXT, renderWelcome } from '@shared/welcome/render.ts';
import { buttonTypeFor } from '@shared/welcome/schemas.ts';
import { TelegramMessagePreview } from '../../../components/telegram-message-preview.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import type { EditableButton } from '../utils/button-list.ts';

const sample = `${PREVIEW_CONTEXT.firstName} ${PREVIEW_CONTEXT.lastName ?? ''} (@${PREVIEW_CONTEXT.username}) em “${PREVIEW_CONTEXT.channel}”`;

/**
 * What the member will see: the same rendering the server sends (shared renderWelcome, variables escaped), one
 * button a row under it.
 */
export function WelcomePreview({ message, buttons }: { message: string; buttons: EditableButton[] }) {
  const rows = buttons
    .filter((button) => button.text.trim() || button.value.trim())
    .map((button) => ({ key: button.key, buttons: [{ text: button.text, opensLink: buttonTypeFor(button.value) === 'url' }] }));
  return (
    <Card>
      <CardHeader title="Pré-visualização" description={`Com dados de exemplo: ${sample}`} />
      <TelegramMessagePreview
        label="Pré-visualização da mensagem"
        textTestId="welcome-preview-text"
        text={message.trim() ? renderWelcome(message, PREVIEW_CONTEXT) : ''}
        rows={rows}
        buttonFallback="(sem texto)"
        className="rounded-t-none sm:p-5"
      />
    </Card>
  );
}
