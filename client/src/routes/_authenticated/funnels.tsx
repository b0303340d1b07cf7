import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/funnels')({
  component: () => <ComingSoon area="Funis" description="Acompanhe funis de venda com links de convite rastreados para os seus canais." />,
});
