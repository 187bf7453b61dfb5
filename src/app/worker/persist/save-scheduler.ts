/**
 * When the worker saves: a while after the last change (a burst of edits or calls is one save), but no
 * later than `maxWaitMs` after the first unsaved change (a long scenario still gets saved as it goes),
 * never two saves at once (a change during a save is saved right after it), and at once on `flush` (the
 * page switching workspaces or closing). `hold` stops it for good: this tab no longer owns the record.
 */
export interface SchedulerTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface SaveScheduler {
  /** something changed: a save is due */
  changed(): void;
  /** saves now if a change waits (or a save runs); resolves once nothing waits */
  flush(): Promise<void>;
  /** no more saves after the one running (if any) */
  hold(): void;
  readonly pending: boolean;
}

export const SAVE_DELAY_MS = 500;
export const SAVE_MAX_WAIT_MS = 3000;

export function createSaveScheduler(
  save: () => Promise<void>,
  timers: SchedulerTimers,
  { delayMs = SAVE_DELAY_MS, maxWaitMs = SAVE_MAX_WAIT_MS } = {},
): SaveScheduler {
  let timer: unknown;
  let firstChange: number | undefined;
  let dirty = false;
  let running: Promise<void> | undefined;
  let held = false;

  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };

  const run = (): Promise<void> => {
    clear();
    if (running) return running;
    if (!dirty || held) return Promise.resolve();
    dirty = false;
    firstChange = undefined;
    running = save()
      .catch(() => {}) // the save reports its own failure; the next change tries again
      .finally(() => {
        running = undefined;
      });
    return running.then(() => {
      // A change that came during the save: saved after it, on the usual delay.
      if (dirty && !held) arm();
    });
  };

  const arm = () => {
    clear();
    const now = timers.now();
    firstChange ??= now;
    const wait = Math.max(0, Math.min(delayMs, firstChange + maxWaitMs - now));
    timer = timers.setTimeout(() => void run(), wait);
  };

  return {
    changed() {
      if (held) return;
      dirty = true;
      if (!running) arm();
    },
    async flush() {
      while (running || (dirty && !held)) await run();
    },
    hold() {
      held = true;
      clear();
    },
    get pending() {
      return dirty || running !== undefined;
    },
  };
}
