import { createContext } from 'react';

/** What the server knows of the screen a page it writes is for (from the request): a phone's, or another. */
export type ScreenGuess = 'phone' | 'wide';

/** The width a page the server writes is drawn for: a phone's (no quantity field, folding categories) or a desk's. */
export function guessedWidth(screen: ScreenGuess): number {
  return screen === 'phone' ? 390 : 1280;
}

/**
 * The width the page the server wrote was drawn for, or null: what the app draws for while it adopts that page,
 * so the two agree; the window's own width follows in the next render (src/serverPage.tsx, src/main.tsx).
 * Apart from components/useSizeClass.ts, which goes with the product card's chunk, so the entry does not.
 */
export const ServerPageWidth = createContext<number | null>(null);
