import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLabels } from '../../../components/labels/use-labels.ts';
import { audienceWho } from '../utils/audience.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';

/** Who: all or the picked ones, and before the send starts, how many that is now (the server's count). */
function audience(broadcast: BroadcastRow, labelNames: ReadonlyMap<string, string>): string {
  const who = audienceWho(broadcast, labelNames);
  const notStarted = broadcast.status === 'DRAFT' || broadcast.status === 'SCHEDULED';
  return notStarted && broadcast.audienceCount !== null ? `${who} · ${BROADCAST_TEXTS.audienceToReach(broadcast.audienceCount)}` : who;
}

/** Público and the broadcast's times; the error the send ended with. */
export function DetailInfoCard({ broadcast }: { broadcast: BroadcastRow }) {
  const labels = useLabels();
  const labelNames = new Map((labels ?? []).map((label) => [label.id, label.name]));
  const when = (value: string | null) => (value ? formatDateTime(value) : '—');
  const items: [string, string][] = [
    ['Público', audience(broadcast, labelNames)],
    ['Criado em', when(broadcast.createdAt)],
    ['Agendado para', when(broadcast.scheduledFor)],
    ['Iniciado em', when(broadcast.startedAt)],
    ['Concluído em', when(broadcast.completedAt)],
  ];
  return (
    <Card>
      <CardHeader title="Informações" />
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {items.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        {broadcast.error && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {broadcast.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
