/**
 * A name not yet taken among `taken`: `base` itself, else `base (2)`, `base (3)`, … The names are
 * compared trimmed and without regard to case, as a learner reads a list of workspaces.
 */
export function uniqueName(base: string, taken: readonly string[]): string {
  const name = base.trim();
  const used = new Set(taken.map((t) => t.trim().toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const next = `${name} (${n})`;
    if (!used.has(next.toLowerCase())) return next;
  }
}
