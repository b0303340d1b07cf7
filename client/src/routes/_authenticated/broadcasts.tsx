import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/broadcasts')({
  component: () => <ComingSoon area="Disparos" description="Envie mensagens em massa para os contatos dos seus bots, agora ou agendadas." />,
});
