import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

export const Route = createFileRoute('/_authenticated/contacts/')({
  component: () => <ComingSoon area="Contatos" description="Veja e edite os contatos que conversaram com os seus bots." />,
});
