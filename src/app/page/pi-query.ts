/**
 * `?pi=<version>` opens the page on a pi version (a workshop link can fix the version it teaches). It
 * wins over a saved workspace's own version; an unknown value is said, and the session starts as usual.
 */
import { isPiVersionId, PI_VERSIONS, type PiVersionId } from "@core/versions/ids";

export type PiQuery =
  | { kind: "none" }
  | { kind: "version"; version: PiVersionId }
  | { kind: "unknown"; value: string; known: string };

export function piVersionFromQuery(search: string): PiQuery {
  const value = new URLSearchParams(search).get("pi");
  if (value === null || value === "") return { kind: "none" };
  if (isPiVersionId(value)) return { kind: "version", version: value };
  return {
    kind: "unknown",
    value: value.slice(0, 40),
    known: PI_VERSIONS.map((v) => v.id).join(", "),
  };
}
