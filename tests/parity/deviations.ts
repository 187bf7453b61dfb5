/**
 * Parity cases whose result differs from pi's on purpose, per pi version, each with the reason the
 * browser forces it. The suite asserts that each listed case still differs, so a case that starts
 * passing must be removed from here. Keep these lists short; anything not listed must match exactly.
 */
import type { PiVersionId } from "@core/versions/index";

export interface Deviation {
  id: string;
  reason: string;
}

export const DEVIATIONS_BY_VERSION: Readonly<Record<PiVersionId, readonly Deviation[]>> = {
  "0.73.1": [],
  "1.6.0": [],
};

/** The deviations of one version, by case id. */
export function deviationReasons(version: PiVersionId): ReadonlyMap<string, string> {
  return new Map(DEVIATIONS_BY_VERSION[version].map((d) => [d.id, d.reason]));
}
