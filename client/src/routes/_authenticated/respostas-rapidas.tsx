import { createFileRoute } from '@tanstack/react-router';
import { QuickRepliesPage } from '../../features/quick-replies/components/quick-replies-page.tsx';

export const Route = createFileRoute('/_authenticated/respostas-rapidas')({
  component: QuickRepliesPage,
});
