/** What a pass of a sending queue is given: when to go round again, and how to ask for one more round. */
export interface PassRounds {
  /** True for the first round, then only when a round or a caller asked for another since it was last called. */
  next(): boolean;
  /** Asks for one more round after this one (a full page may have more behind it, a delivery let another go). */
  more(): void;
}

export interface SendingPasses {
  /**
   * Starts a pass, or asks the pass under way for one more round (what was queued meanwhile goes out now, not at
   * the next timer); settles when that pass has ended.
   */
  run(): Promise<void>;
  /** The pass under way, if any: one-off sends wait for it rather than send a row it may be sending too. */
  underWay(): Promise<void> | null;
}

/**
 * One pass at a time over a queue kept in the database (the e-mail outbox, webhook deliveries): two passes at
 * once would send the same row twice. A failing pass is reported to `onError` and the next call starts afresh.
 */
export function sendingPasses(
  pass: (rounds: PassRounds) => Promise<void>,
  onError: (error: unknown) => void,
): SendingPasses {
  let running: Promise<void> | null = null;
  let again = false;
  const more = (): void => {
    again = true;
  };

  function run(): Promise<void> {
    if (running !== null) {
      again = true;
      return running;
    }
    let first = true;
    const next = (): boolean => {
      const go = first || again;
      first = false;
      again = false;
      return go;
    };
    running = pass({ next, more })
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  }

  return { run, underWay: () => running };
}
