import { TriangleAlert } from 'lucide-react';
import type { Plan } from '@shared/access/plans.ts';
import { botLacksRights } from '@shared/access/texts.ts';
import { UserText } from '../../../components/ui/user-text.tsx';
import { NOT_READY_FIX } from '../utils/plan-summary.ts';

const TYPE_LABELS: Record<string, string> = { channel: 'Canal', group: 'Grupo', supergroup: 'Grupo' };

/** The plan's chats; one where the bot cannot invite and ban says so, and how to fix it. */
export function PlanChats({ plan }: { plan: Pick<Plan, 'channels'> }) {
  return (
    <ul aria-label="Canais e grupos do plano" className="space-y-2">
      {plan.channels.map((chat) => (
        <li key={chat.id} data-testid="plan-chat" className="text-sm">
          <span className="font-medium text-slate-800">
            <UserText>{chat.title}</UserText>
          </span>
          <span className="ml-1.5 text-xs text-slate-500">{TYPE_LABELS[chat.type] ?? chat.type}</span>
          {!chat.ready && (
            <p role="note" className="mt-1 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {botLacksRights(chat.title)} {NOT_READY_FIX}
              </span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
