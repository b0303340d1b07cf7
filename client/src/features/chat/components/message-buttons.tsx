import { ExternalLink, MousePointerClick } from 'lucide-react';
import type { MessageButton } from '@shared/messages/schemas.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/**
 * The inline keyboard of a bot message, as the contact saw it: a link opens its address, an action in the bot is
 * shown only (pressing it here would not be the contact pressing it).
 */
export function MessageButtons({ rows }: { rows: MessageButton[][] }) {
  if (rows.length === 0) return null;
  return (
    <ul aria-label="Botões" className="mt-2 flex flex-col gap-1">
      {rows.map((row, index) => (
        <li key={index} className="flex gap-1">
          {row.map((button, column) =>
            button.url ? (
              <a
                key={column}
                href={button.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-8 flex-1 items-center justify-center gap-1 rounded-lg bg-white px-2 py-1 text-center text-xs font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
              >
                <UserText>{button.text}</UserText>
                <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
              </a>
            ) : (
              <span key={column} className="flex min-h-8 flex-1 items-center justify-center gap-1 rounded-lg bg-white px-2 py-1 text-center text-xs font-medium text-slate-700 ring-1 ring-slate-200">
                <MousePointerClick aria-hidden="true" className="size-3 shrink-0" />
                <UserText>{button.text}</UserText>
              </span>
            ),
          )}
        </li>
      ))}
    </ul>
  );
}
