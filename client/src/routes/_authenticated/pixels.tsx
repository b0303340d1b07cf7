import { createFileRoute } from '@tanstack/react-router';
import { PixelsPage } from '../../features/pixels/components/pixels-page.tsx';

export const Route = createFileRoute('/_authenticated/pixels')({
  component: PixelsPage,
});
