/**
 * The pi versions the playground can imitate. Everything that differs between them is data in a
 * version's profile (./tools.ts for the tool layer); code asks the profile instead of comparing ids.
 */

export type PiVersionId = "0.73.1" | "1.6.0";

export interface PiVersionInfo {
  id: PiVersionId;
  /** How a picker names it. */
  label: string;
}

/** Oldest first. */
export const PI_VERSIONS: readonly PiVersionInfo[] = [
  { id: "0.73.1", label: "pi 0.73.1 (@mariozechner)" },
  { id: "1.6.0", label: "pi 1.6.0 (@earendil-works)" },
];

/** The version a new session, `npm run parity` and the docs assume when none is chosen. */
export const DEFAULT_PI_VERSION: PiVersionId = "1.6.0";

export function isPiVersionId(value: unknown): value is PiVersionId {
  return PI_VERSIONS.some((v) => v.id === value);
}
