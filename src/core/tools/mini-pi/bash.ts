/**
 * mini-pi's bash: a string blacklist, a fixed 120-second timeout (the model's `timeout` is ignored), and
 * the output's first 50,000 characters (the head, where pi keeps the tail, so an error at the end of a
 * long output is lost). No abort, no updates while it runs, no log of the full output, and a failing
 * command is not an error result: the tutorial's handler returns whatever it printed.
 */
import { decodeUtf8 } from "../../bytes";
import type { BashOperations } from "../bash";
import type { MiniPiHandler } from "./handler";

export const MINI_PI_BLACKLIST: readonly string[] = [
  "rm -rf /",
  "sudo",
  "shutdown",
  "reboot",
  "mkfs",
  "> /dev/",
];
export const MINI_PI_BASH_TIMEOUT_S = 120;
export const MINI_PI_MAX_OUTPUT_CHARS = 50_000;

export function createMiniPiBash(cwd: string, ops: Pick<BashOperations, "exec">): MiniPiHandler {
  return async (input) => {
    const command = String(input.command ?? "");
    if (MINI_PI_BLACKLIST.some((bad) => command.includes(bad))) return "Error: Dangerous command blocked";
    const chunks: Uint8Array[] = [];
    try {
      await ops.exec(command, cwd, {
        onData: (d) => chunks.push(d.slice()),
        timeout: MINI_PI_BASH_TIMEOUT_S,
      });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("timeout:"))
        return `Error: Timeout (${MINI_PI_BASH_TIMEOUT_S}s)`;
      throw error;
    }
    const out = decodeUtf8(concat(chunks)).trim();
    return out ? out.slice(0, MINI_PI_MAX_OUTPUT_CHARS) : "(no output)";
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}
