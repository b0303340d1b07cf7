import { AlertTriangle, ExternalLink } from 'lucide-react';
import { PREVIEW_CONTEXT, renderWelcome } from '@shared/welcome/render.ts';
import { buttonTypeFor } from '@shared/welcome/schemas.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import type { EditableButton } from '../utils/button-list.ts';
import { parseTelegramHtml } from '../../../lib/telegram-html.ts';
import { TelegramHtmlView } from '../../../components/telegram-html-view.tsx';

const sample = `${PREVIEW_CONTEXT.firstName} ${PREVIEW_CONTEXT.lastName ?? ''} (@${PREVIEW_CONTEXT.username}) em “${PREVIEW_CONTEXT.channel}”`;

/**
 * What the member will see: the same rendering the server sends (shared renderWelcome, variables escaped) read
 * with Telegram's HTML rules, and the inline keyboard under it.
 */
export function WelcomePreview({ message, buttons }: { message: string; buttons: EditableButton[] }) {
  const parsed = parseTelegramHtml(renderWelcome(message, PREVIEW_CONTEXT));
  const visibleButtons = buttons.filter((button) => button.text.trim() || button.value.trim());
  return (
    <Card>
      <CardHeader title="Pré-visualização" description={`Com dados de exemplo: ${sample}`} />
      <section aria-label="Pré-visualização da mensagem" className="rounded-b-2xl bg-[#dfe9f2] p-4 sm:p-5">
        {!parsed.ok && (
          <p className="mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>O Telegram vai recusar esta mensagem: {parsed.error}.</span>
          </p>
        )}
        <div className="max-w-sm">
          <div data-testid="welcome-preview-text" className="rounded-2xl rounded-bl-md bg-white px-3.5 py-2.5 text-[15px] leading-snug break-words whitespace-pre-wrap text-slate-900 shadow-sm">
            {!message.trim() ? (
              <span className="text-slate-500 italic">Sua mensagem aparecerá aqui</span>
            ) : parsed.ok ? (
              <TelegramHtmlView nodes={parsed.nodes} />
            ) : (
              parsed.text
            )}
          </div>
          {visibleButtons.length > 0 && (
            <ul aria-label="Botões da mensagem" className="mt-1 space-y-1">
              {visibleButtons.map((button) => (
                <li
                  key={button.key}
                  className="flex items-center justify-center gap-1.5 rounded-lg bg-white/70 px-3 py-2 text-sm font-medium text-sky-700 shadow-sm"
                >
                  {button.text.trim() || '(sem texto)'}
                  {buttonTypeFor(button.value) === 'url' && <ExternalLink aria-label="(link)" className="size-3.5" />}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
