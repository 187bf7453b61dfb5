/**
 * Parity cases whose result differs from pi 0.73.1's on purpose, each with the reason the browser
 * forces it. The suite asserts that each listed case still differs, so a case that starts passing
 * must be removed from here. Keep this list short; anything not listed must match exactly.
 */
export interface Deviation {
  id: string;
  reason: string;
}

export const DEVIATIONS: readonly Deviation[] = [];

export const deviationReasons: ReadonlyMap<string, string> = new Map(DEVIATIONS.map((d) => [d.id, d.reason]));
