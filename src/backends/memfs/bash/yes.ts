/**
 * GNU `yes`: prints its arguments joined by spaces (or `y`), one line after another, until its reader
 * stops. just-bash 3.4.2 has no yes, and its pipes are not streamed (each command gets the whole output of
 * the one before), so an endless writer would never hand anything on. This yes prints YES_MAX_BYTES of
 * lines at once and ends with 141, the status GNU yes gets when its reader closes the pipe: `yes | head
 * -3` prints three lines and `${PIPESTATUS[@]}` is `141 0`, as in GNU bash. Where GNU yes would run until
 * the call's timeout (`yes > f`, `yes | wc -l`) this one stops after those 16 MiB (docs/bash-engine.md §2.3).
 */
import type { Command, ExecResult } from "just-bash";
import { utf8ByteString } from "./byte-output";
import { ENDLESS_READ_BYTES } from "./devices";

/** How much one yes prints: the same bound as one read of /dev/zero. */
export const YES_MAX_BYTES = ENDLESS_READ_BYTES;
/** GNU yes's status when its reader has stopped (SIGPIPE). */
export const YES_EXIT_CODE = 141;

/** Whole lines of `args` (or `y`), at most YES_MAX_BYTES of them, as UTF-8 in the engine's byte-string form. */
export function yesOutput(args: readonly string[], most = YES_MAX_BYTES): string {
  const words = args[0] === "--" ? args.slice(1) : args;
  const line = utf8ByteString(`${words.length > 0 ? words.join(" ") : "y"}\n`);
  return line.repeat(Math.max(1, Math.floor(most / line.length)));
}

export const yesCommand: Command = {
  name: "yes",
  async execute(args): Promise<ExecResult> {
    return { stdout: yesOutput(args), stderr: "", exitCode: YES_EXIT_CODE, stdoutKind: "bytes" };
  },
};
