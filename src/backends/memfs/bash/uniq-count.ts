/**
 * `uniq -c` as GNU prints it. just-bash 3.4.2's uniq right-aligns each count in 4 columns; GNU coreutils
 * uses 7 (`printf "%7d "`), and a model reading counts, or a script cutting columns, sees that. This
 * wraps the bundled uniq (just-bash hands a custom command that shadows a bundled one `origCommand`)
 * and only re-pads the count in front of each output line; everything else is the bundled command's.
 *
 * Exact because the bundled output is `<count padded to 4> <line>\n` per line, so the count is the run
 * of spaces and digits before the first space that follows a digit, and the rest is left byte for byte.
 */
import type { Command, ExecResult } from "just-bash";

const GNU_COUNT_WIDTH = 7;
const COUNT_PREFIX = /^ *(\d+) /;

/** Whether uniq's arguments ask for counts: `-c`, `--count`, or a cluster such as `-dc` before `--`. */
export function countsRequested(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "--count") return true;
    // every uniq flag is boolean, so a cluster's letters are all flags (no option value to skip)
    if (/^-[^-]/.test(arg) && arg.includes("c")) return true;
  }
  return false;
}

/** The bundled output with each line's count re-padded to GNU's width. */
export function padCounts(stdout: string): string {
  return stdout
    .split("\n")
    .map((line) => line.replace(COUNT_PREFIX, (_, count: string) => `${count.padStart(GNU_COUNT_WIDTH)} `))
    .join("\n");
}

export const uniqCommand: Command = {
  name: "uniq",
  async execute(args, ctx): Promise<ExecResult> {
    if (!ctx.origCommand)
      throw new Error("uniq: the bundled uniq is not registered; keep it in the command list");
    const result = await ctx.origCommand(args);
    if (result.exitCode !== 0 || !countsRequested(args) || args.includes("--help")) return result;
    return { ...result, stdout: padCounts(result.stdout) };
  },
};
