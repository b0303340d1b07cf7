import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/flows')({
  component: () => <ComingSoon area="Fluxos" description="Crie fluxos automáticos de mensagens para os seus bots e edite-os em um editor visual." />,
});
