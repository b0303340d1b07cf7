import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import type { Plan } from '@shared/access/plans.ts';
import { Card } from '../../../components/ui/card.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { formatCount } from '../../../lib/format.ts';
import { durationLabel, priceLabel } from '../utils/plan-summary.ts';
import { PlanChats } from './plan-chats.tsx';
import { PlanCounts } from './plan-counts.tsx';

/** A plan on the "Acessos" screen: its name (to its page), duration, price, figures and chats. */
export function PlanCard({ plan }: { plan: Plan }) {
  return (
    <li data-testid="plan-card" aria-label={plan.name} className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base font-semibold break-words">
            <Link to="/acessos/$planId" params={{ planId: plan.id }} className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
              <UserText>{plan.name}</UserText>
            </Link>
          </h3>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${plan.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
            {plan.active ? 'Ativo' : 'Inativo'}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          {durationLabel(plan)} · {priceLabel(plan)}
        </p>
        <PlanCounts counts={plan.counts} />
        {plan.rejectedWebhooks > 0 && (
          <p className="flex items-center gap-1.5 text-xs font-medium text-red-700">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {formatCount(plan.rejectedWebhooks, 'webhook não processado', 'webhooks não processados')}
          </p>
        )}
        <PlanChats plan={plan} />
      </Card>
    </li>
  );
}
