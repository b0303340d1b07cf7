import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/components/coming-soon.tsx';

/** "Ver Contatos" of the bot details lands here; the contacts area comes in a later release. */
export const Route = createFileRoute('/_authenticated/contacts/$botId')({
  component: () => <ComingSoon area="Contatos" description="Veja e edite os contatos que conversaram com este bot." />,
});
