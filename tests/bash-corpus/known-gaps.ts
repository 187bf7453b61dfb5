/**
 * Corpus commands where just-bash 3.4.2 on memfs does not print what GNU bash prints. Each entry says why
 * and what to use instead; corpus.test.ts fails if a listed command starts matching (so the list cannot
 * go stale) or if an unlisted one differs.
 */
export interface KnownGap {
  reason: string;
  instead: string;
}

export const KNOWN_GAPS: Record<string, KnownGap> = {
  "ls-missing": {
    reason: "just-bash words ls's error `ls: nope: No such file or directory` (GNU: `cannot access 'nope'`)",
    instead: "nothing to change: the exit code (2) and the meaning are the same",
  },
  "interleaved-stderr": {
    reason:
      "the order is right (top-level commands keep it), only ls's error wording differs (see ls-missing)",
    instead: "nothing to change",
  },
  "interleave-in-loop": {
    reason:
      "inside one compound command (a loop, an if, a group) just-bash returns stdout and stderr separately, so the errors come after that command's output",
    instead: "add `2>&1` inside the loop body when the order matters",
  },
  "grep-rn-dot": {
    reason: "grep -r on `.` prints `src/a.ts:` where GNU grep prints `./src/a.ts:`",
    instead: "grep -rn PATTERN src (a named folder prints the same paths as GNU grep), or the grep tool",
  },
  "grep-rn-nopath": {
    reason: "grep -r without a path searches nothing (GNU grep searches the current folder) and exits 1",
    instead: "always give a path: grep -rn PATTERN . , or use the grep tool",
  },
  "find-maxdepth": {
    reason: "just-bash's sort compares like a UTF-8 locale (case-insensitive first), not like LC_ALL=C",
    instead: "expect locale order from sort (LC_ALL=C is ignored); the find tool sorts by itself",
  },
  "find-iname-md": {
    reason: "sort order: README.md sorts after docs/ (locale order, see find-maxdepth)",
    instead: "as for find-maxdepth",
  },
  "command-not-found": {
    reason: "`bash: nosuchcmd: command not found` without GNU bash's `line 1:`; same exit code 127",
    instead: "nothing to change; see the README for the commands that do not exist here (git, node, make, …)",
  },
  "redirect-missing-dir": {
    reason:
      "a write into a missing folder creates the folder (just-bash's own file system does; failing there would crash the whole command), where GNU bash reports `No such file or directory` and sets $? to 1",
    instead: "mkdir -p the folder first, as a careful script does anyway",
  },
  "diff-normal": {
    reason: "diff prints unified format by default (GNU: normal format); --normal is not supported",
    instead: "diff -u (the same output in both), or the edit tool's diff",
  },
};
