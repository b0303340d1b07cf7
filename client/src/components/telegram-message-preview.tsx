import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { parseTelegramHtml } from '../lib/telegram-html.ts';
import { TelegramHtmlView } from './telegram-html-view.tsx';

export type PreviewButton = { text: string; opensLink: boolean };
export type PreviewRow = { key?: string; buttons: PreviewButton[] };

type Props = {
  /** The region's accessible name. */
  label: string;
  /** The message text, with Telegram's HTML (bold, italic…) as the bot sends it. */
  text: string;
  /** Drawn above the text, in the same bubble. */
  media?: ReactNode;
  /** The inline keyboard, row by row; empty rows are not drawn. */
  rows: PreviewRow[];
  /** The label of a button without text. */
  buttonFallback: string;
  textTestId: string;
  className?: string;
};

/**
 * A message drawn like Telegram draws it: the media, the text read with Telegram's HTML rules (its elements rendered,
 * never injected; a tag Telegram would refuse is reported) and the inline keyboard under the bubble.
 */
export function TelegramMessagePreview({ label, text, media, rows, buttonFallback, textTestId, className }: Props) {
  const parsed = parseTelegramHtml(text);
  return (
    <section aria-label={label} className={cn('rounded-2xl bg-[#dfe9f2] p-4', className)}>
      {!parsed.ok && (
        <p className="mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>O Telegram vai recusar esta mensagem: {parsed.error}.</span>
        </p>
      )}
      <div className="max-w-sm">
        <div className="overflow-hidden rounded-2xl rounded-bl-md bg-white shadow-sm">
          {media && <div className="p-1">{media}</div>}
          {(text.trim() || !media) && (
            <div data-testid={textTestId} className="px-3.5 py-2.5 text-[15px] leading-snug break-words whitespace-pre-wrap text-slate-900">
              {!text.trim() ? <span className="text-slate-500 italic">Sua mensagem aparecerá aqui</span> : parsed.ok ? <TelegramHtmlView nodes={parsed.nodes} /> : parsed.text}
            </div>
          )}
        </div>
        <Keyboard rows={rows} buttonFallback={buttonFallback} />
      </div>
    </section>
  );
}

function Keyboard({ rows, buttonFallback }: Pick<Props, 'rows' | 'buttonFallback'>) {
  const visible = rows.filter((row) => row.buttons.length > 0);
  if (visible.length === 0) return null;
  return (
    <ul aria-label="Botões da mensagem" className="mt-1 space-y-1">
      {visible.map((row, rowIndex) => (
        <li key={row.key ?? rowIndex} data-testid="preview-button-row" className="flex gap-1">
          {row.buttons.map((button, index) => (
            <span key={index} className="flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg bg-white/70 px-2 py-2 text-sm font-medium text-sky-700 shadow-sm">
              <span className="truncate">{button.text.trim() || buttonFallback}</span>
              {button.opensLink && <ExternalLink aria-label="(link)" className="size-3.5 shrink-0" />}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
