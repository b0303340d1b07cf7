import { createFileRoute } from '@tanstack/react-router';
import { PlanPage } from '../../features/access/components/plan-page.tsx';

export const Route = createFileRoute('/_authenticated/acessos/$planId')({
  component: PlanRoute,
});

function PlanRoute() {
  const { planId } = Route.useParams();
  // Keyed so another plan starts from a clean page (filters, open dialogs).
  return <PlanPage key={planId} planId={planId} />;
}
