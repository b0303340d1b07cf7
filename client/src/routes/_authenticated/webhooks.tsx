import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';

export const Route = createFileRoute('/_authenticated/webhooks')({
  component: WebhooksPage,
});
