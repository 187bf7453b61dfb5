/** One line of edit's numbered diff, as a learner reads it. */
export interface DiffLine {
  kind: "add" | "remove" | "context" | "skip";
  /** the new file's line number for an added line, the old file's otherwise; none for a skip */
  number?: number;
  text: string;
}

// `+<n> text`, `-<n> text` or ` <n> text` (n padded to one width), and ` <spaces> ...` for lines left out.
const LINE = /^([+\- ])( *)(\d+) (.*)$/s;
const SKIP = /^ +\.\.\.$/;

/**
 * Splits the diff edit returns in `details.diff` (pi's `generateDiffString` format) into lines. A line
 * that does not fit the format is kept as context text, so nothing the tool returned is hidden.
 */
export function parseDiff(diff: string): DiffLine[] {
  if (diff === "") return [];
  return diff.split("\n").map((line): DiffLine => {
    if (SKIP.test(line)) return { kind: "skip", text: "..." };
    const m = LINE.exec(line);
    if (!m) return { kind: "context", text: line };
    const kind = m[1] === "+" ? "add" : m[1] === "-" ? "remove" : "context";
    return { kind, number: Number(m[3]), text: m[4] };
  });
}

/** how many lines the diff adds and removes */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === "add") added++;
    if (l.kind === "remove") removed++;
  }
  return { added, removed };
}
