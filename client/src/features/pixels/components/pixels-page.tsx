import { Crosshair, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PIXEL_TEXTS, PIXEL_TOASTS, type Pixel } from '@shared/pixels/schemas.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { usePixels } from '../api/pixel-requests.ts';
import type { PixelAction } from './pixel-actions.tsx';
import { PixelList } from './pixel-list.tsx';
import { PixelModals, type OpenPixelModal } from './pixel-modals.tsx';

export const OFFLINE_PIXELS_HINT = 'Você está offline: os pixels ficam no servidor e voltam com a conexão.';

function Description({ count }: { count: number | undefined }) {
  return (
    <>
      Envie as entradas e saídas dos seus funis para a API de Conversões.
      {count !== undefined && (
        <span data-testid="pixel-count" className="ml-1.5 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {PIXEL_TEXTS.count(count)}
        </span>
      )}
    </>
  );
}

const Empty = () => (
  <EmptyState icon={Crosshair} title={PIXEL_TEXTS.empty} text="Cadastre um pixel para enviar os eventos enter_channel e left_channel dos seus funis ao Meta." />
);

/** /pixels (docs/product.md#screen-pixels): the user's Meta pixels, read from the server, with their three modals. */
export function PixelsPage() {
  const { online } = useSyncSnapshot();
  const pixels = usePixels({ enabled: online, followDelivery: true });
  const [open, setOpen] = useState<OpenPixelModal>(null);
  const list = pixels.data;
  const refetch = () => void pixels.refetch();
  const actions = (
    <div className="flex gap-2">
      <Button variant="outline" disabled={!online} loading={pixels.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={refetch}>
        Atualizar
      </Button>
      <Button disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setOpen({ kind: 'create' })}>
        Novo Pixel
      </Button>
    </div>
  );
  return (
    <div className="space-y-6">
      <PageHeader title="Pixels do Meta" description={<Description count={list?.length} />} actions={actions} />
      {!online && <OfflineNotice>{OFFLINE_PIXELS_HINT}</OfflineNotice>}
      {pixels.isError && !list ? (
        <LoadFailedCard message={PIXEL_TOASTS.loadFailed} retrying={pixels.isFetching} onRetry={refetch} />
      ) : !list ? (
        online && <div aria-busy="true" aria-label="Carregando pixels" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : (
        <PixelList pixels={list} disabled={!online} onAction={(kind: PixelAction, pixel: Pixel) => setOpen({ kind, pixel })} empty={<Empty />} />
      )}
      <PixelModals open={open} onClose={() => setOpen(null)} />
    </div>
  );
}
