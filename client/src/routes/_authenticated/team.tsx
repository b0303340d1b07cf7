import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../features/team/components/team-page.tsx';

export const Route = createFileRoute('/_authenticated/team')({
  component: TeamPage,
});
