/**
 * The arithmetic behind the windowed lists (the transcript and the event stream), kept free of React and
 * the DOM so it can be tested in Node. The components own the state and the timers; these functions only
 * say which rows to draw and when the drawn range may grow.
 */

/** Transcript: entries drawn while following the newest, once nothing is pouring in. */
export const SHOWN_WHEN_CALM = 100;
/**
 * Transcript: a render that brings more than this many new entries (a render per frame at most) is a burst.
 * That is more than anyone reads, and drawing 100 entries anew every frame blocked the page for 100s of ms.
 */
export const BURST_ENTRIES = 10;
/** Transcript: entries drawn while a burst lasts. */
export const SHOWN_IN_BURST = 4;
/** Transcript: after a burst, this long without one before the drawn range starts growing back. */
export const QUIET_AFTER_BURST_MS = 1000;
/** Transcript: the drawn range grows back by this many entries at a time... */
export const REGROW_ENTRIES = 12;
/** ...every this many ms, until it is back at SHOWN_WHEN_CALM. */
export const REGROW_EVERY_MS = 50;
/** Transcript: how many more entries each "Show earlier" adds. */
export const EARLIER_PAGE = 100;
/** Transcript: at most this many entries are drawn at once, however far back the reader goes. */
export const MAX_SHOWN = 400;

export interface EntryWindow {
  /** index of the first drawn entry */
  start: number;
  /** index after the last drawn entry */
  end: number;
}

/**
 * Which entries the transcript draws. `first` is where the reader pinned the range (null: follow the
 * newest); `limit` is how many of the newest are drawn while following; `arrived` is how many entries
 * came since the last commit (a burst draws only SHOWN_IN_BURST, whatever `limit` says).
 */
export function entryWindow(
  count: number,
  first: number | null,
  limit: number,
  arrived: number,
): EntryWindow {
  if (first === null) {
    const latest = arrived > BURST_ENTRIES ? SHOWN_IN_BURST : limit;
    return { start: Math.max(0, count - latest), end: count };
  }
  const start = Math.min(first, count);
  return { start, end: Math.min(count, start + MAX_SHOWN) };
}

/**
 * After a commit that brought `arrived` entries with `limit` drawn while following: the limit to set now
 * and, when the range should grow back, how long to wait before growing it by a step (null: it is full
 * and nothing is pouring in). A new commit cancels the wait, so entries that keep coming postpone it.
 */
export function regrowPlan(limit: number, arrived: number): { limit: number; waitMs: number | null } {
  const burst = arrived > BURST_ENTRIES;
  const next = burst ? SHOWN_IN_BURST : limit;
  if (next >= SHOWN_WHEN_CALM) return { limit: next, waitMs: null };
  return { limit: next, waitMs: burst || limit === SHOWN_IN_BURST ? QUIET_AFTER_BURST_MS : REGROW_EVERY_MS };
}

/** The limit one step further back towards SHOWN_WHEN_CALM. */
export function regrown(limit: number): number {
  return Math.min(SHOWN_WHEN_CALM, limit + REGROW_ENTRIES);
}

/** Where "Show earlier" moves the start of the range, and how many entries that adds. */
export function earlierPage(start: number): { first: number; added: number } {
  return { first: Math.max(0, start - EARLIER_PAGE), added: Math.min(EARLIER_PAGE, start) };
}

export interface RowWindow {
  /** index of the first rendered row */
  from: number;
  /** index after the last rendered row */
  to: number;
  /**
   * how many keys the rows cycle through: more than to - from ever is, so keys never repeat within a
   * window and a moving window refills its rows in place instead of creating them anew
   */
  slots: number;
}

/**
 * Which rows of a fixed-height list are rendered: the ones in view plus `overscan` either side. While
 * following, the view is the end of the list, so no scroll position is needed.
 */
export function rowWindow(options: {
  count: number;
  rowHeight: number;
  viewportHeight: number;
  scrollTop: number;
  following: boolean;
  overscan: number;
}): RowWindow {
  const { count, rowHeight, viewportHeight, scrollTop, following, overscan } = options;
  const top = following ? Math.max(0, count * rowHeight - viewportHeight) : scrollTop;
  return {
    from: Math.max(0, Math.floor(top / rowHeight) - overscan),
    to: Math.min(count, Math.ceil((top + viewportHeight) / rowHeight) + overscan),
    slots: Math.ceil(viewportHeight / rowHeight) + 2 * overscan + 2,
  };
}

/** How far the view is from the end of its content, in px (layout is clean in a scroll event). */
export function distanceFromEnd(el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}
