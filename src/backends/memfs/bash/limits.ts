/**
 * just-bash ends a command that crosses one of its execution limits with a line such as
 * "bash: too many commands executed (>100000), increase executionLimits.maxCommandCount": a setting the
 * learner cannot reach, in words that do not say why the limit is there. These rewrite each such line into
 * what happened, why this bash has the limit, and what to do instead. The exit code (126) and everything
 * around the line are left as they are, so pi's "Command exited with code 126" still follows.
 */

const WHY = "a limit of this in-browser bash, so that a runaway command cannot freeze the tab";

const count = (n: string) => Number(n).toLocaleString("en-US");

/** One rewrite: the engine's line (without its "bash: " prefix and its "increase …" tail) → plain words. */
const RULES: readonly { match: RegExp; say: (m: RegExpMatchArray) => string }[] = [
  {
    match: /^too many commands executed \(>(\d+)\)$/,
    say: (m) =>
      `the script ran more than ${count(m[1])} commands (${WHY}). ` +
      "Make the loop stop sooner, or split the work over several calls.",
  },
  {
    match: /^(for|while|until) loop: too many iterations \((\d+)\)$/,
    say: (m) =>
      `a ${m[1]} loop went round more than ${count(m[2])} times (${WHY}). ` +
      "Check that the loop has a way to end, or loop over fewer items.",
  },
  {
    match: /^(.+): maximum recursion depth \((\d+)\) exceeded$/,
    say: (m) =>
      `the function ${m[1]} called itself more than ${count(m[2])} levels deep (${WHY}). ` +
      "Check that the recursion has a case that stops it.",
  },
  {
    match: /^source: maximum nesting depth \((\d+)\) exceeded$/,
    say: (m) =>
      `files sourced each other more than ${count(m[1])} levels deep (${WHY}). ` +
      "Check that a sourced file does not source itself.",
  },
  {
    match: /^(?:(.+): )?(?:total output size exceeded \(>|output size limit exceeded \()(\d+) bytes\)$/,
    say: (m) =>
      `${m[1] ? `${m[1]}'s` : "the"} output grew past ${count(m[2])} bytes (${WHY}). ` +
      "Print less: pipe it through head or grep, or write it to a file and read parts of it.",
  },
  {
    match: /^(\w+): iteration limit exceeded \((\d+)\)$/,
    say: (m) => `${m[1]} would produce more than ${count(m[2])} items (${WHY}). Ask it for a smaller range.`,
  },
];

const LIMIT_LINE = /^bash: (.*?)(?:, increase executionLimits\.(\w+))?$/;

/** A limit line of the engine in plain words, or null when `line` is not one. */
export function plainLimitLine(line: string): string | null {
  const m = LIMIT_LINE.exec(line);
  if (!m) return null;
  for (const rule of RULES) {
    const found = rule.match.exec(m[1]);
    if (found) return `bash stopped: ${rule.say(found)}`;
  }
  // a limit this table does not know yet: drop only the setting the learner cannot change
  return m[2] ? `bash stopped: ${m[1]} (${WHY}).` : null;
}

/** `stderr` with each engine limit line rewritten (other lines untouched). */
export function plainLimitMessages(stderr: string): string {
  if (!stderr.includes("exceeded") && !stderr.includes("too many")) return stderr;
  return stderr
    .split("\n")
    .map((line) => plainLimitLine(line) ?? line)
    .join("\n");
}
