import type { ReactNode } from 'react';
import { LoadError } from '../load-error.tsx';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** A grid of cards as a named list: one column on a phone, two on a tablet, three on a wide screen. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={GRID}>
      {children}
    </ul>
  );
}

export type CardGridStatesProps<T> = {
  items: readonly T[] | undefined;
  /** The data never reached this device: the load error, with a retry, takes the list's place. */
  failed: boolean;
  errorMessage: string;
  /** Names the placeholder list while the items load, e.g. 'Carregando bots'. */
  loadingLabel: string;
  /** The height of a placeholder card, close to a real card's so nothing jumps when they arrive. */
  skeletonHeight: 'h-40' | 'h-44' | 'h-48';
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
};

/** The four states of a card list: failed, loading (placeholder cards), empty, and the items. */
export function CardGridStates<T>({ items, failed, errorMessage, loadingLabel, skeletonHeight, empty, children }: CardGridStatesProps<T>) {
  if (failed) return <LoadError message={errorMessage} />;
  if (items === undefined) {
    return (
      <ul aria-busy="true" aria-label={loadingLabel} className={GRID}>
        {[0, 1, 2].map((key) => (
          <li key={key} className={`${skeletonHeight} animate-pulse rounded-2xl border border-slate-200/80 bg-white`} />
        ))}
      </ul>
    );
  }
  return items.length === 0 ? empty : children(items);
}
