import type { Pixel } from '@shared/pixels/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { deliveryView, type DeliveryTone } from '../utils/delivery-state.ts';

const LOOK: Record<DeliveryTone, { className: string; dot: string }> = {
  ok: { className: 'bg-emerald-50 text-emerald-700', dot: 'bg-emerald-500' },
  waiting: { className: 'bg-amber-50 text-amber-800', dot: 'bg-amber-500' },
  error: { className: 'bg-red-50 text-red-700', dot: 'bg-red-600' },
  idle: { className: 'bg-slate-100 text-slate-600', dot: 'bg-slate-400' },
};

/** The pixel's delivery state (utils/delivery-state.ts): a badge, the counts and next try, and the last error. */
export function PixelStatus({ pixel }: { pixel: Pick<Pixel, 'status' | 'lastError' | 'lastEventAt' | 'delivery'> }) {
  const view = deliveryView(pixel);
  const look = LOOK[view.tone];
  return (
    <div className="min-w-0" data-testid="pixel-delivery">
      <span data-testid="pixel-status" className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium', look.className)}>
        <span aria-hidden="true" className={cn('size-1.5 rounded-full', look.dot)} />
        {view.badge}
      </span>
      {view.lines.map((line) => (
        <p key={line} className="mt-1 text-xs break-words text-slate-600">
          {line}
        </p>
      ))}
      {view.error && <p className={cn('mt-1 text-xs break-words', view.tone === 'ok' ? 'text-slate-500' : 'text-red-700')}>{view.error}</p>}
    </div>
  );
}
