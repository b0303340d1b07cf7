import { createFileRoute } from '@tanstack/react-router';
import { BotsPage } from '../../features/bots/components/bots-page.tsx';

export const Route = createFileRoute('/_authenticated/bots/')({
  component: BotsPage,
});
