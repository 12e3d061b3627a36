import { type RefObject, startTransition, useEffect, useMemo, useRef, useState } from 'react';

/** The spec's progressive reveal: five more cards every 100 ms, 350 px placeholders until then. */
export const REVEAL_GROUP_SIZE = 5;
export const REVEAL_STEP_MS = 100;
export const REVEAL_PLACEHOLDER_HEIGHT_PX = 350;
/** How far above and below the screen a placeholder counts as near: one screen's height. */
export const REVEAL_NEAR_MARGIN = '100% 0px';

/**
 * How many of the list's products (cards and placeholders alike) the first render puts in the page, and how many
 * more each render after it adds: a phone's first screen and the one below it at once, the rest a little later.
 */
export const FIRST_DRAW = 20;
export const DRAW_STEP = 30;

const NONE: ReadonlySet<number> = new Set();

export interface ProgressiveReveal {
  /** Whether the card at this place of the list is drawn, or still its placeholder. */
  isDrawn: (productId: number, index: number) => boolean;
  /** The element holding the list's cards and placeholders. */
  listRef: RefObject<HTMLDivElement | null>;
}

/**
 * The spec's progressive reveal, drawn where the customer looks. When `active` (the list is unfiltered) the
 * first group shows at once, then a group every step among the placeholders on or near the screen, in the
 * list's order; the others stay placeholders until the customer scrolls, tabs or finds their way to them. A
 * phone thus paints a few hundred elements, not a hundred full cards, and each step draws five cards at most.
 * When not active every card shows at once. A new `resetKey` (a new list), or the list becoming unfiltered
 * again, starts the reveal over.
 */
export function useProgressiveReveal(
  productIds: readonly number[],
  active: boolean,
  resetKey: unknown,
): ProgressiveReveal {
  const [revealed, setRevealed] = useState(NONE);
  const [near, setNear] = useState(NONE);
  const [started, setStarted] = useState({ resetKey, active });
  if (started.resetKey !== resetKey || started.active !== active) {
    setStarted({ resetKey, active });
    setRevealed(NONE);
    setNear(NONE);
  }

  const pending = useMemo(
    () =>
      active ? productIds.filter((id, i) => i >= REVEAL_GROUP_SIZE && near.has(id) && !revealed.has(id)) : [],
    [active, productIds, near, revealed],
  );
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const hasPending = pending.length > 0;

  // One timer a step, started again only by a reveal: placeholders coming near while the customer scrolls
  // join the queue without holding back the next group.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each reveal schedules the next step.
  useEffect(() => {
    if (!hasPending) return;
    const timer = window.setTimeout(() => {
      const group = pendingRef.current.slice(0, REVEAL_GROUP_SIZE);
      setRevealed((r) => new Set([...r, ...group]));
    }, REVEAL_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [hasPending, revealed]);

  const listRef = useRef<HTMLDivElement | null>(null);
  const observerRef = useRef<IntersectionObserver | null>(null);
  // A fresh observer for each start: it reports every placeholder's place once, near or not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new start needs a new observer.
  useEffect(() => {
    if (!active) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const came = entries
          .filter((e) => e.isIntersecting)
          .map((e) => Number((e.target as HTMLElement).dataset.productId));
        if (came.length > 0) setNear((n) => (came.every((id) => n.has(id)) ? n : new Set([...n, ...came])));
      },
      { rootMargin: REVEAL_NEAR_MARGIN },
    );
    observerRef.current = observer;
    return () => {
      observer.disconnect();
      observerRef.current = null;
    };
  }, [active, started]);
  // After every render: placeholders the list now holds (observing one twice does nothing).
  useEffect(() => {
    const observer = observerRef.current;
    if (!observer || !listRef.current) return;
    for (const placeholder of listRef.current.querySelectorAll('article.product-placeholder')) {
      observer.observe(placeholder);
    }
  });

  const isDrawn = (productId: number, index: number) =>
    !active || index < REVEAL_GROUP_SIZE || revealed.has(productId);
  return { isDrawn, listRef };
}

/**
 * How many products of the list are in the page: FIRST_DRAW, then DRAW_STEP more in each following render until
 * the list is all there, a fraction of a second later. React commits a render in one task, and the whole list's
 * (a card or placeholder for each of 144 products) held a phone's main thread 150-180 ms by Lighthouse's
 * measure; in pieces each commit stays short. `allAtOnce` (a list already in the cache when the page opened, as
 * after Back from a product page) puts every product in at once, so the browser can scroll back to where the
 * customer was.
 */
export function useDrawnCount(total: number, allAtOnce: boolean): number {
  const [count, setCount] = useState(allAtOnce ? Number.POSITIVE_INFINITY : FIRST_DRAW);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((c) => c + DRAW_STEP)), 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return count;
}
