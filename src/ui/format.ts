/**
 * A duration for people: tenths of a ms below 10 ms (the tools' fast calls differ there), whole ms below
 * 10 s, then seconds; "–" when there is none yet.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "–";
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
