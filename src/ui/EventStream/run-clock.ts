import type { SessionEvent } from "@agent/events";

/** What starts the clock again: a run (agent_start), a scenario loaded, or the page starting over. */
const STARTS = new Set(["agent_start", "scenario_loaded", "session_cleared"]);

/** The times at which a run started, in log order (what `sinceRunStart` counts from). */
export function runStarts(events: readonly SessionEvent[]): number[] {
  const starts: number[] = [];
  for (const e of events) if (STARTS.has(e.type)) starts.push(e.ts);
  return starts;
}

/**
 * An event's time as "+s.mmm s" since the latest run start at or before it (the last one in `starts` not
 * after `ts`), or since `first` (the oldest event shown) when it came before every run.
 */
export function sinceRunStart(ts: number, starts: readonly number[], first: number): string {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= ts) lo = mid + 1;
    else hi = mid;
  }
  const from = lo > 0 ? starts[lo - 1] : first;
  return `+${(Math.max(0, ts - from) / 1000).toFixed(3)}s`;
}
