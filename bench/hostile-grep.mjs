// Extra benchmark rows, beside the reference workload (bench/workload.mjs): grep patterns that once
// made our engine slow, each on the file shape that made it so. Same exports as the workload, so the
// same runner times and checks them (scripts/bench.ts runs both). Deterministic: a seeded PRNG, no
// Math.random; no imports beyond the workload's result check, so it runs in Node or a browser. pi's
// figures for these rows are not recorded (they need rg, which the machine that measured ours lacked).

import { checkExpect } from "./workload.mjs";

export const WORDS_PATH = "notes/words.txt";
export const WORDS_LINES = 38_000;

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "value",
  "item",
  "count",
  "index",
  "x1",
  "y_2",
  "node",
  "edge",
];

// mulberry32, as the workload uses.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * About 2 MB in 38,000 short lines of words and single spaces only: the shape on which a search for
 * `(\w+\s?)*$` over the whole text ran its match on through every following line (`\s` takes the line
 * break), once per line found.
 */
export function wordsFile() {
  const next = rng(0x5eed);
  const lines = [];
  for (let n = 0; n < WORDS_LINES; n++) {
    const words = [];
    let length = -1;
    while (length < 50) {
      const word = WORDS[Math.floor(next() * WORDS.length)];
      words.push(word);
      length += word.length + 1;
    }
    lines.push(words.join(" "));
  }
  return `${lines.join("\n")}\n`;
}

export function makeWorkspace() {
  return { [WORDS_PATH]: wordsFile(), "README.md": "# notes\n" };
}

export const OPERATIONS = [
  {
    name: "grep-empty-match-every-line",
    tool: "grep",
    args: { pattern: "(\\w+\\s?)*$" },
    // The empty string at the end of every line matches; README.md's line too, but notes/ comes after it
    // in path order, so the 100 lines are README's and the first 99 of the words file.
    expect: { includes: ["README.md:1: # notes", "[100 matches limit reached"], matchLines: 100 },
    note: "matches the empty string at each line end of a 2 MB, 38,000-line file; rg stops at the 100th",
  },
  {
    name: "grep-empty-match-all-lines",
    tool: "grep",
    args: { pattern: "(\\w+\\s?)*$", path: WORDS_PATH, limit: WORDS_LINES },
    expect: { includes: ["[38000 matches limit reached", "50.0KB limit reached"] },
    note: "the same pattern with a limit that lets every line through: the whole file is searched",
  },
];

export { checkExpect };
