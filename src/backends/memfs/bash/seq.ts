/**
 * `seq` that counts as far as the page can. just-bash 3.4.2's seq stops at its loop-iteration limit
 * (100,000 items), keeps every number in an array and checks each addition, so `seq 1 300000` is refused
 * and `seq 1 1000000 | wc -l` (once allowed) took about 2.4 s and 350 MB in Node. This one writes the
 * numbers straight into text pieces, hands them on as bytes (byte-output.ts), stops at SEQ_MAX_ITEMS, and
 * between pieces gives the thread back once, so an abort or the timeout lands while it counts.
 *
 * It handles decimal operands with `-s`/`--separator` and `-w`/`--equal-width`, as GNU seq: the number of
 * decimals is the larger of FIRST's and INCREMENT's, and each value is FIRST + i × INCREMENT (no drift
 * from adding). Anything else (`-f`, hexadecimal, exponents, wrong operands) goes to the bundled seq, so
 * its messages stay as they were.
 */
import type { Command, ExecResult } from "just-bash";
import { byteOutput } from "./byte-output";

/**
 * Items one seq may print. `seq 1 1000000 | wc -l` takes about 0.5 s and 46 MB in Node, two million piped
 * 0.9 s and 65 MB, five million 2.6 s and 210 MB, ten million 4 s and 250–290 MB: two million keeps a call
 * under about a second, which a tab's worker bears (docs/bash-engine.md §2.3).
 */
export const SEQ_MAX_ITEMS = 2_000_000;
const PIECE_ITEMS = 200_000;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

interface SeqRequest {
  operands: number[];
  decimals: number;
  separator: string;
  equalWidth: boolean;
}

const decimalsOf = (text: string) => (text.includes(".") ? text.length - text.indexOf(".") - 1 : 0);

/** The request, or null when the bundled seq should answer (options or operands this one leaves to it). */
export function parseSeq(args: readonly string[]): SeqRequest | null {
  let separator = "\n";
  let equalWidth = false;
  const texts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (DECIMAL.test(arg)) texts.push(arg);
    else if (arg === "-w" || arg === "--equal-width") equalWidth = true;
    else if (arg === "-s" && i + 1 < args.length) separator = args[++i];
    else if (arg.startsWith("--separator=")) separator = arg.slice("--separator=".length);
    else if (arg.startsWith("-s") && arg.length > 2) separator = arg.slice(2);
    else if (arg === "--") texts.push(...args.slice(i + 1));
    else return null;
    if (arg === "--") break;
  }
  if (texts.length < 1 || texts.length > 3 || !texts.every((t) => DECIMAL.test(t))) return null;
  const operands = texts.map(Number);
  if (texts.length === 3 && operands[1] === 0) return null; // the bundled seq words a zero increment
  const decimals = Math.max(
    decimalsOf(texts.length === 1 ? "1" : texts[0]),
    texts.length === 3 ? decimalsOf(texts[1]) : 0,
  );
  return { operands, decimals, separator, equalWidth };
}

function range({ operands }: SeqRequest): { first: number; step: number; count: number } {
  const [first, step, last] =
    operands.length === 1
      ? [1, 1, operands[0]]
      : operands.length === 2
        ? [operands[0], 1, operands[1]]
        : operands;
  // a little slack so that 0.1 steps reach a LAST that floating point lands just short of
  const count = Math.floor((last - first) / step + 1e-9) + 1;
  return { first, step, count: Math.max(0, count) };
}

const n = (value: number) => value.toLocaleString("en-US");

/** Said instead of printing: which limit, why it is there, and how to get the numbers anyway. */
function tooMany(count: number): string {
  return (
    `seq: would print ${n(count)} numbers, more than the ${n(SEQ_MAX_ITEMS)} this in-browser bash allows ` +
    "(it holds a command's whole output in memory, and the limit keeps a runaway command from freezing the tab). " +
    `Ask for a smaller range, or print it in parts (seq 1 ${SEQ_MAX_ITEMS}, then seq ${SEQ_MAX_ITEMS + 1} …).\n`
  );
}

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const seqCommand: Command = {
  name: "seq",
  async execute(args, ctx): Promise<ExecResult> {
    const request = parseSeq(args);
    if (!request) {
      if (!ctx.origCommand)
        throw new Error("seq: the bundled seq is not registered; keep it in the command list");
      return ctx.origCommand(args);
    }
    const { first, step, count } = range(request);
    if (count > SEQ_MAX_ITEMS) return { stdout: "", stderr: tooMany(count), exitCode: 1 };
    // String() is several times faster than toFixed(0), and whole numbers are the common case
    const format =
      request.decimals === 0 && Number.isInteger(first) && Number.isInteger(step)
        ? (i: number) => String(first + i * step)
        : (i: number) => (first + i * step).toFixed(request.decimals);
    const width = request.equalWidth ? Math.max(format(0).length, format(count - 1).length) : 0;
    const pad = (text: string) =>
      text.length >= width
        ? text
        : text.startsWith("-")
          ? `-${text.slice(1).padStart(width - 1, "0")}`
          : text.padStart(width, "0");
    const pieces: string[] = [];
    for (let start = 0; start < count; start += PIECE_ITEMS) {
      if (start > 0) await yieldToEvents();
      if (ctx.signal?.aborted) return { stdout: "", stderr: "", exitCode: 130 };
      const end = Math.min(count, start + PIECE_ITEMS);
      const items: string[] = [];
      for (let i = start; i < end; i++) items.push(width ? pad(format(i)) : format(i));
      pieces.push(items.join(request.separator));
    }
    return byteOutput(count === 0 ? "" : `${pieces.join(request.separator)}\n`);
  },
};
