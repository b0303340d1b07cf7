import { createFileRoute } from '@tanstack/react-router';
import { FunnelsPage } from '../../features/funnels/components/funnels-page.tsx';

export const Route = createFileRoute('/_authenticated/funnels')({
  component: FunnelsPage,
});
