import type { ServerPageScreen } from '@nursery/domain';
import { createContext } from 'react';

/** The width a page the server writes is drawn for: a phone's (no quantity field, folding categories) or a desk's. */
export function guessedWidth(screen: ServerPageScreen): number {
  return screen === 'phone' ? 390 : 1280;
}

/**
 * The width the page the server wrote was drawn for, or null: what the app draws for while it adopts that page,
 * so the two agree; the window's own width follows in the next render (src/serverPage.tsx, src/main.tsx).
 * Apart from components/useSizeClass.ts, which goes with the product card's chunk, so the entry does not.
 */
export const ServerPageWidth = createContext<number | null>(null);
