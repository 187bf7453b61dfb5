/**
 * The one store primitive: an immutable snapshot, replaced (never mutated) on change, with notifications
 * batched by an injected scheduler (one per animation frame in the page, synchronous in tests), so a chatty
 * event stream costs one render per frame. Read from React with useSyncExternalStore.
 */

export interface Store<T> {
  getSnapshot(): T;
  subscribe(onChange: () => void): () => void;
}

export type Scheduler = (flush: () => void) => void;

/** Runs the flush at once: for Node tests and for stores nobody renders. */
export const immediate: Scheduler = (flush) => flush();

/** A frame scheduler, and separate "heavy" turns for the stores whose panels are costly to redraw. */
export interface FrameScheduler extends Scheduler {
  /**
   * A scheduler whose flushes take turns with the other heavy schedulers' flushes: while several heavy
   * stores have changes, each frame flushes only one of them (round robin), so a burst that changes the
   * transcript, the timeline and the event list at once redraws one of them per frame, not all three.
   * A heavy store alone flushes in the next frame, like any other.
   */
  heavy(): Scheduler;
  /** Events are arriving (call once per event): heavy flushes keep their gap only while they do. */
  activity(): void;
}

/**
 * One scheduler for every store of the page: all flushes queued before the next frame run in ONE callback
 * of `requestFrame` (requestAnimationFrame in the page). Separate callbacks per store would each end in a
 * microtask where React renders and commits (useSyncExternalStore updates are synchronous), i.e. several
 * renders and layouts per frame; one callback gives one.
 */
export interface FrameSchedulerOptions {
  /**
   * At least this long between two heavy flushes (0: every frame). In a burst the heavy panels then
   * redraw a few times a second each, which nobody can out-read, instead of in every frame, and the
   * page's thread is left free for input most of the time.
   */
  heavyGapMs?: number;
  /**
   * The gap holds only while events arrive: once none has for this long, the heavy stores catch up one per
   * frame, so when a run ends (or between a slow scenario's steps) every panel shows the latest at once.
   */
  calmMs?: number;
  now?: () => number;
}

export function createFrameScheduler(
  requestFrame: (run: () => void) => unknown,
  { heavyGapMs = 0, calmMs = 50, now = () => performance.now() }: FrameSchedulerOptions = {},
): FrameScheduler {
  let light: (() => void)[] = [];
  const heavy: (() => void)[][] = [];
  let turn = 0;
  let lastHeavy = Number.NEGATIVE_INFINITY;
  let lastActivity = Number.NEGATIVE_INFINITY;
  let active = false;
  let requested = false;
  const request = () => {
    if (requested) return;
    requested = true;
    requestFrame(run);
  };
  const run = () => {
    requested = false;
    const flushes = light;
    light = [];
    const at = now();
    if (active) {
      lastActivity = at;
      active = false;
    }
    const gap = at - lastActivity < calmMs ? heavyGapMs : 0;
    for (let i = 0; i < heavy.length && at - lastHeavy >= gap; i++) {
      const k = (turn + i) % heavy.length;
      if (heavy[k].length === 0) continue;
      flushes.push(...heavy[k]);
      heavy[k] = [];
      turn = k + 1;
      lastHeavy = at;
      break;
    }
    for (const flush of flushes) isolated(flush);
    if (light.length > 0 || heavy.some((q) => q.length > 0)) request();
  };
  const schedule: Scheduler = (flush) => {
    light.push(flush);
    request();
  };
  return Object.assign(schedule, {
    activity() {
      // A flag, read at the next frame: the clock is read once a frame, not once per event.
      active = true;
    },
    heavy(): Scheduler {
      const k = heavy.length;
      heavy.push([]);
      return (flush) => {
        heavy[k].push(flush);
        request();
      };
    },
  });
}

/**
 * Runs `fn`; an error it throws is reported (the page's error handlers see it as uncaught) after the
 * current task instead of ending the loop that called it. A store's notification is pending until its
 * flush runs, so a flush skipped because an earlier one threw would silence that store for good: its
 * panel would stop changing while the others went on.
 */
export function isolated(fn: () => void) {
  try {
    fn();
  } catch (error) {
    setTimeout(() => {
      throw error;
    }, 0);
  }
}

/**
 * The listeners of one store and its batched notification: however many changes come before the
 * scheduler flushes, listeners hear once. Every store in state/ notifies through one of these.
 * `beforeListeners` runs first at each flush (a store that publishes its snapshot then).
 */
export function createNotifier(schedule: Scheduler, beforeListeners?: () => void) {
  let pending = false;
  const listeners = new Set<() => void>();
  const flush = () => {
    pending = false;
    beforeListeners?.();
    for (const listener of [...listeners]) isolated(listener);
  };
  return {
    // Defined once per store, so React never resubscribes because of a new function identity.
    subscribe(onChange: () => void) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    notify() {
      if (pending) return;
      pending = true;
      schedule(flush);
    },
    /** A notification is scheduled and has not run yet. */
    isPending: () => pending,
  };
}

export interface WritableStore<T> extends Store<T> {
  set(next: T): void;
  update(fn: (current: T) => T): void;
}

export function createStore<T>(initial: T, schedule: Scheduler = immediate): WritableStore<T> {
  let snapshot = initial;
  const notifier = createNotifier(schedule);
  const set = (next: T) => {
    if (Object.is(next, snapshot)) return;
    snapshot = next;
    notifier.notify();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe: notifier.subscribe,
    set,
    update: (fn) => set(fn(snapshot)),
  };
}
