import { Crosshair, Plus, RefreshCw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { PIXEL_TEXTS, PIXEL_TOASTS, type Pixel } from '@shared/pixels/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useDeletePixel, usePixels } from '../api/pixel-requests.ts';
import type { PixelAction } from './pixel-actions.tsx';
import { PixelFormModal } from './pixel-form-modal.tsx';
import { PixelList } from './pixel-list.tsx';
import { TestEventModal } from './test-event-modal.tsx';

export const OFFLINE_PIXELS_HINT = 'Você está offline: os pixels ficam no servidor e voltam com a conexão.';

type Open = { kind: 'create' } | { kind: PixelAction; pixel: Pixel } | null;

/** /pixels (docs/product.md#screen-pixels): the user's Meta pixels, read from the server, with their three modals. */
export function PixelsPage() {
  const { online } = useSyncSnapshot();
  const pixels = usePixels({ enabled: online });
  const remove = useDeletePixel();
  const [open, setOpen] = useState<Open>(null);
  const list = pixels.data;
  const close = () => setOpen(null);

  async function confirmRemove(pixel: Pixel) {
    try {
      await remove.mutateAsync(pixel.id);
    } catch {
      // Toasted by the mutation cache with the server's message, else 'Erro ao remover pixel'.
    }
    close();
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900">Pixels do Meta</h2>
          <p className="mt-1 text-sm text-slate-500">
            Envie as entradas e saídas dos seus funis para a API de Conversões.
            {list && (
              <span data-testid="pixel-count" className="ml-1.5 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {PIXEL_TEXTS.count(list.length)}
              </span>
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" disabled={!online} loading={pixels.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => void pixels.refetch()}>
            Atualizar
          </Button>
          <Button disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setOpen({ kind: 'create' })}>
            Novo Pixel
          </Button>
        </div>
      </div>

      {!online && (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {OFFLINE_PIXELS_HINT}
        </p>
      )}

      {pixels.isError && !list ? (
        <Card role="alert" className="flex flex-col items-center px-6 py-14 text-center">
          <h3 className="text-lg font-semibold text-slate-900">{PIXEL_TOASTS.loadFailed}</h3>
          <Button variant="outline" className="mt-6" loading={pixels.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => void pixels.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : !list ? (
        online && <div aria-busy="true" aria-label="Carregando pixels" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Crosshair aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{PIXEL_TEXTS.empty}</h3>
          <p className="mt-2 max-w-md text-slate-600">Cadastre um pixel para enviar os eventos enter_channel e left_channel dos seus funis ao Meta.</p>
        </Card>
      ) : (
        <PixelList pixels={list} disabled={!online} onAction={(kind, pixel) => setOpen({ kind, pixel })} />
      )}

      {open?.kind === 'create' && <PixelFormModal open mode="create" onClose={close} />}
      {open?.kind === 'edit' && <PixelFormModal key={open.pixel.id} open mode="edit" pixel={open.pixel} onClose={close} />}
      {open?.kind === 'test' && <TestEventModal pixel={open.pixel} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'remove'}
        title="Remover pixel"
        message={open?.kind === 'remove' ? PIXEL_TEXTS.confirmDelete(open.pixel.name) : ''}
        confirmLabel="Remover"
        danger
        loading={remove.isPending}
        onConfirm={() => open?.kind === 'remove' && void confirmRemove(open.pixel)}
        onCancel={close}
      />
    </div>
  );
}
