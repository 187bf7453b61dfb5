/**
 * The context bar's segments. One per message while there are few; past `max`, runs of neighbouring
 * messages share one, so a session of thousands of messages draws a bar of at most `max` parts (each
 * message's own share would be narrower than a pixel, and the bar is redrawn with every message).
 */

interface Measured {
  index: number;
  estimate: number;
  role: string;
}

export interface Segment {
  key: string;
  tokens: number;
  /** the messages' role, or "many" for a run of several roles */
  kind: string;
  /** index of the first and the last message it stands for */
  first: number;
  last: number;
}

export const MAX_SEGMENTS = 120;

export function barSegments(entries: readonly Measured[], max = MAX_SEGMENTS): Segment[] {
  const size = Math.max(1, Math.ceil(entries.length / max));
  const out: Segment[] = [];
  for (let i = 0; i < entries.length; i += size) {
    const run = entries.slice(i, i + size);
    let tokens = 0;
    for (const e of run) tokens += e.estimate;
    const first = run[0];
    const last = run[run.length - 1];
    out.push({
      key: `m${first.index}`,
      tokens,
      kind: run.every((e) => e.role === first.role) ? first.role : "many",
      first: first.index,
      last: last.index,
    });
  }
  return out;
}
