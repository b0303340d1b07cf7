import type { AccessEvent } from '@shared/access/members.ts';
import { AccessStatusChip } from '../../../components/access/access-status-chip.tsx';
import { accessUntilLabel } from '../../../components/access/access-until.ts';
import { UserText } from '../../../components/ui/user-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ACCESS_CAUSE_LABELS } from '../utils/member-history.ts';

/** Every change of an access, oldest first: the state, its cause in pt-BR, who acted, when, until when. */
export function MemberHistory({ history }: { history: AccessEvent[] }) {
  return (
    <section aria-labelledby="member-history-title">
      <h3 id="member-history-title" className="mb-2 text-sm font-semibold text-slate-800">
        Histórico
      </h3>
      <ol className="space-y-2">
        {history.map((event, index) => (
          <li key={`${event.at}-${index}`} data-testid="history-entry" className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <AccessStatusChip status={event.status} />
              <span className="font-medium text-slate-800">{ACCESS_CAUSE_LABELS[event.cause]}</span>
              {event.actorName && (
                <span className="text-slate-600">
                  por <UserText>{event.actorName}</UserText>
                </span>
              )}
              <time dateTime={event.at} className="ml-auto text-xs text-slate-500">
                {formatDateTime(event.at)}
              </time>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              Acesso até {accessUntilLabel(event.accessUntil)}
              {event.detail && (
                <>
                  {' · '}
                  <UserText>{event.detail}</UserText>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
