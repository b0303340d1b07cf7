import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../../features/access/components/plans-page.tsx';

export const Route = createFileRoute('/_authenticated/acessos/')({
  component: PlansPage,
});
