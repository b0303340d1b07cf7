import { createContext, useContext } from 'react';

/**
 * True while the canvas is zoomed out below FAR_ZOOM (viewport.ts): a card then leaves out what cannot be
 * read or used at that size (its icon, visit count, hover buttons), so hundreds of cards on the screen paint and
 * hit-test fast. Only the crossing re-renders the cards, never a pan or zoom frame.
 */
export const FarContext = createContext(false);

export const useFar = () => useContext(FarContext);

/**
 * Zoomed out, a card's label is at most this many characters (then "…"): short enough to fit the header of a
 * 280 px card in any letters, so it needs no clip. The ellipsis of `truncate` is an overflow clip, and each clip
 * splits the card into more paint chunks, which Chromium re-layerizes on every pan step (bench/editor.bench.ts
 * measures it). Below FAR_ZOOM the text is a few pixels high and not legible anyway.
 */
export const FAR_LABEL_LENGTH = 18;

export function farLabel(label: string): string {
  const chars = [...label];
  return chars.length <= FAR_LABEL_LENGTH ? label : `${chars.slice(0, FAR_LABEL_LENGTH - 1).join('').trimEnd()}…`;
}
