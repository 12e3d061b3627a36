import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAW_STEP, FIRST_DRAW, useDrawnCount } from './useProgressiveReveal';

/** Runs each step's timer and the render it starts, as many steps as there are. */
async function drawEveryStep(): Promise<void> {
  for (let step = 0; step < 50 && vi.getTimerCount() > 0; step += 1) {
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
  }
}

describe('useDrawnCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts a first screen of the list in the page, then the rest a step at a time until all are there', async () => {
    const total = FIRST_DRAW + 2 * DRAW_STEP + 3;
    const { result } = renderHook(() => useDrawnCount(total, false));
    expect(result.current).toBe(FIRST_DRAW);
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(result.current).toBe(FIRST_DRAW + DRAW_STEP);
    await drawEveryStep();
    expect(result.current).toBeGreaterThanOrEqual(total);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for the list while it has not come, and puts every product in at once when asked', async () => {
    const { result, rerender } = renderHook(({ total }) => useDrawnCount(total, false), {
      initialProps: { total: 0 },
    });
    await drawEveryStep();
    expect(result.current).toBe(FIRST_DRAW);
    rerender({ total: 144 });
    await drawEveryStep();
    expect(result.current).toBeGreaterThanOrEqual(144);

    const atOnce = renderHook(() => useDrawnCount(144, true));
    expect(atOnce.result.current).toBeGreaterThanOrEqual(144);
  });
});
