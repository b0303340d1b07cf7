import { createContext, useContext } from 'react';

/**
 * True while the canvas is zoomed out below FAR_ZOOM (flow-canvas.tsx): a card then leaves out what cannot be
 * read or used at that size (its icon, visit count, hover buttons), so hundreds of cards on the screen paint and
 * hit-test fast. Only the crossing re-renders the cards, never a pan or zoom frame.
 */
export const FarContext = createContext(false);

export const useFar = () => useContext(FarContext);
