import { createFileRoute } from '@tanstack/react-router';
import { TrashPage } from '../../features/bots/components/trash-page.tsx';

export const Route = createFileRoute('/_authenticated/bots/trash')({
  component: TrashPage,
});
