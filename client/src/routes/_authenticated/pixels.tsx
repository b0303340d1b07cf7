import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/pixels')({
  component: () => <ComingSoon area="Pixels" description="Conecte o pixel da Meta para enviar eventos de entrada e saída dos seus canais." />,
});
