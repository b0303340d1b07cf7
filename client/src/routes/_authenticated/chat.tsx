import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/chat')({
  component: () => <ComingSoon area="Chat" description="Responda às conversas dos seus contatos em uma caixa de entrada em tempo real." />,
});
