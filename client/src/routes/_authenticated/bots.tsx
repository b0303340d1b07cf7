import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/bots')({
  component: () => <ComingSoon area="Meus Bots" description="Cadastre bots pelo token do BotFather, veja os grupos e canais onde cada um é administrador e ative ou desative cada bot." />,
});
