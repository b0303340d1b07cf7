import { createFileRoute } from '@tanstack/react-router';
import { BroadcastFormPage } from '../../features/broadcasts/components/broadcast-form-page.tsx';

export const Route = createFileRoute('/_authenticated/broadcasts/new')({
  component: () => <BroadcastFormPage />,
});
