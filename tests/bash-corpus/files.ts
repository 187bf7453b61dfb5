/** Shapes and helpers shared by the corpus generator and the suite. */
export type FileValue = string | { dir: true } | { symlink: string };
export type FilesAfter = Record<string, FileValue>;
/** What changed against the starting files: new or changed entries, and `null` for removed ones. */
export type FilesDiff = Record<string, FileValue | null>;

export interface CorpusExpectation {
  command: string;
  /** stdout and stderr as one stream, the temp folder replaced by `<cwd>`. */
  output: string;
  exitCode: number;
  files: FilesDiff;
}

export interface CorpusExpectations {
  bash: string;
  env: Record<string, string>;
  cases: Record<string, CorpusExpectation>;
}

export function diffFiles(before: FilesAfter, after: FilesAfter): FilesDiff {
  const diff: FilesDiff = {};
  for (const [path, value] of Object.entries(after))
    if (JSON.stringify(before[path]) !== JSON.stringify(value)) diff[path] = value;
  for (const path of Object.keys(before)) if (!(path in after)) diff[path] = null;
  return Object.fromEntries(Object.entries(diff).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
