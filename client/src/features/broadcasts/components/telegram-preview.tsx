import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { BroadcastMediaType } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { TelegramHtmlView } from '../../../components/telegram-html-view.tsx';
import { parseTelegramHtml } from '../../../lib/telegram-html.ts';
import { MediaView } from './media-view.tsx';

export type PreviewButton = { text: string; type: 'url' | 'callback' };
export type PreviewProps = { mediaType: BroadcastMediaType | '' | null; mediaUrl: string; text: string; rows: { key?: string; buttons: PreviewButton[] }[] };

/**
 * What a contact receives, drawn like Telegram (docs/product.md#screen-broadcast-form): the media, the text read with
 * Telegram's HTML rules (bold and italic rendered; a tag Telegram would refuse is reported), and the inline
 * keyboard row by row, with 'Botão' for a button without text.
 */
export function TelegramPreview({ mediaType, mediaUrl, text, rows }: PreviewProps) {
  const parsed = parseTelegramHtml(text);
  const visibleRows = rows.filter((row) => row.buttons.length > 0);
  return (
    <section aria-label="Pré-visualização do disparo" className="rounded-2xl bg-[#dfe9f2] p-4">
      {!parsed.ok && (
        <p className="mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>O Telegram vai recusar esta mensagem: {parsed.error}.</span>
        </p>
      )}
      <div className="max-w-sm">
        <div className="overflow-hidden rounded-2xl rounded-bl-md bg-white shadow-sm">
          {mediaType && (
            <div className="p-1">
              <MediaView type={mediaType} url={mediaUrl} />
            </div>
          )}
          {(text.trim() || !mediaType) && (
            <div data-testid="preview-text" className="px-3.5 py-2.5 text-[15px] leading-snug break-words whitespace-pre-wrap text-slate-900">
              {!text.trim() ? <span className="text-slate-400 italic">Sua mensagem aparecerá aqui</span> : parsed.ok ? <TelegramHtmlView nodes={parsed.nodes} /> : parsed.text}
            </div>
          )}
        </div>
        {visibleRows.length > 0 && (
          <div aria-label="Botões da mensagem" role="group" className="mt-1 space-y-1">
            {visibleRows.map((row, rowIndex) => (
              <div key={row.key ?? rowIndex} data-testid="preview-button-row" className="flex gap-1">
                {row.buttons.map((button, index) => (
                  <span
                    key={index}
                    className="flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg bg-white/70 px-2 py-2 text-sm font-medium text-sky-700 shadow-sm"
                  >
                    <span className="truncate">{button.text.trim() || BROADCAST_TEXTS.buttonFallback}</span>
                    {button.type === 'url' && <ExternalLink aria-label="(link)" className="size-3.5 shrink-0" />}
                  </span>
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
