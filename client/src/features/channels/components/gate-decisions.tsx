import { useState } from 'react';
import { GATE_DECISION_LABELS, type GateDecision, type GateDecisionKind } from '@shared/access/join-gate.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { JOIN_GATE_TOASTS, useGateDecisions } from '../api/join-gate.ts';

const TONES: Record<GateDecisionKind, string> = {
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  kept: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
  removed: 'bg-red-50 text-red-800 ring-red-200',
  challenged: 'bg-amber-50 text-amber-800 ring-amber-200',
};

const whoOf = (decision: GateDecision) =>
  [decision.name, decision.username && `@${decision.username}`, `ID ${decision.telegramId}`].filter(Boolean).join(' · ');

function Entry({ decision }: { decision: GateDecision }) {
  return (
    <li data-testid="gate-decision" className="space-y-1 px-5 py-3 text-sm sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONES[decision.decision])}>
          {GATE_DECISION_LABELS[decision.decision]}
        </span>
        <span className="min-w-0 font-medium break-words text-slate-800">
          <UserText>{whoOf(decision)}</UserText>
        </span>
        <time dateTime={decision.createdAt} className="ml-auto text-xs text-slate-500">
          {formatDateTime(decision.createdAt)}
        </time>
      </div>
      <p className="text-xs text-slate-700">
        {decision.reason}
        {decision.planName && (
          <>
            {' · plano '}
            <UserText>{decision.planName}</UserText>
          </>
        )}
      </p>
    </li>
  );
}

/** "Decisões do porteiro": what the join gate did in this chat, newest first. */
export function GateDecisions({ channelId }: { channelId: string }) {
  const [page, setPage] = useState(1);
  const query = useGateDecisions(channelId, page, true);
  const data = query.data;
  return (
    <Card>
      <CardHeader as="h3" title="Decisões do porteiro" description="Pedidos aprovados, recusados e desafios enviados neste chat." />
      {query.isError && !data ? (
        <p role="alert" className="px-5 py-4 text-sm text-red-700 sm:px-6">{JOIN_GATE_TOASTS.loadDecisionsFailed}</p>
      ) : !data ? (
        <div aria-busy="true" aria-label="Carregando decisões" className="m-5 h-20 animate-pulse rounded-xl bg-slate-50" />
      ) : data.decisions.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">Nenhuma decisão ainda. Elas aparecem aqui quando alguém pedir para entrar.</p>
      ) : (
        <>
          <ul aria-label="Decisões do porteiro" className="divide-y divide-slate-100">
            {data.decisions.map((decision) => (
              <Entry key={decision.id} decision={decision} />
            ))}
          </ul>
          <div className="px-5 pb-4">
            <Pagination page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} label="Páginas de decisões" />
          </div>
        </>
      )}
    </Card>
  );
}
