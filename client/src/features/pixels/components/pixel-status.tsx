import { PIXEL_TEXTS, type Pixel } from '@shared/pixels/schemas.ts';
import { cn } from '../../../lib/cn.ts';

const LOOK: Record<Pixel['status'], { text: string; className: string; dot: string }> = {
  ok: { text: PIXEL_TEXTS.statusOk, className: 'bg-emerald-50 text-emerald-700', dot: 'bg-emerald-500' },
  error: { text: PIXEL_TEXTS.statusError, className: 'bg-red-50 text-red-700', dot: 'bg-red-600' },
  unused: { text: PIXEL_TEXTS.statusUnused, className: 'bg-slate-100 text-slate-600', dot: 'bg-slate-400' },
};

/** How Meta treats the pixel's events; a refused pixel shows Meta's last error under the badge. */
export function PixelStatus({ pixel }: { pixel: Pick<Pixel, 'status' | 'lastError'> }) {
  const look = LOOK[pixel.status];
  return (
    <div className="min-w-0">
      <span data-testid="pixel-status" className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium', look.className)}>
        <span aria-hidden="true" className={cn('size-1.5 rounded-full', look.dot)} />
        {look.text}
      </span>
      {pixel.status === 'error' && pixel.lastError && <p className="mt-1 text-xs break-words text-red-600">{PIXEL_TEXTS.lastError(pixel.lastError)}</p>}
    </div>
  );
}
