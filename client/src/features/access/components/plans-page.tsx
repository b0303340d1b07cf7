import { Link } from '@tanstack/react-router';
import { KeyRound, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CardGrid, CardGridStates } from '../../../components/ui/card-grid.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { usePlans } from '../api/access-requests.ts';
import { ACCESS_TOASTS, OFFLINE_ACCESS_HINT } from '../api/access-texts.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import { RevenueCard } from './revenue-card.tsx';

/** /acessos (docs/product.md#acessos): the paid-access plans with their figures and chats; online only. */
export function PlansPage() {
  const { online } = useSyncSnapshot();
  const plans = usePlans(online);
  const [creating, setCreating] = useState(false);
  const actions = (
    <div className="flex flex-wrap gap-2">
      <Link to="/acessos/membros" className={buttonClasses({ variant: 'outline' })}>
        <Users aria-hidden="true" className="size-4" />
        Membros
      </Link>
      <Button disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
        Novo plano
      </Button>
    </div>
  );
  const empty = <EmptyState icon={KeyRound} title="Nenhum plano de acesso ainda" text="Crie um plano para vender a entrada de um canal ou grupo VIP pela Hotmart, Kiwify, Eduzz ou um webhook de Pix." />;
  return (
    <div className="space-y-6">
      <PageHeader title="Planos de acesso" description="Compras aprovadas viram acesso com prazo; o bot convida e remove os membros." actions={actions} />
      {!online && <OfflineNotice>{OFFLINE_ACCESS_HINT}</OfflineNotice>}
      {(online || plans.data) && (
        <CardGridStates items={plans.data} failed={plans.isError && !plans.data} errorMessage={ACCESS_TOASTS.loadPlansFailed} loadingLabel="Carregando planos" skeletonHeight="h-48" empty={empty}>
          {(items) => (
            <CardGrid label="Planos">
              {items.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </CardGrid>
          )}
        </CardGridStates>
      )}
      {plans.data && plans.data.length > 0 && <RevenueCard online={online} />}
      {creating && <PlanFormModal onClose={() => setCreating(false)} />}
    </div>
  );
}
