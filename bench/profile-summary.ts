/**
 * Measurement helper: summarises a V8 CPU profile (.cpuprofile from `node --cpu-prof` or from
 * BENCH_PROFILE in scripts/bench-browser.ts) as the functions with the most self time and the most
 * total (inclusive) time. `tsx bench/profile-summary.ts <file> [rows] [filter]`; `filter` keeps only
 * samples whose stack holds a frame whose name or url contains it (e.g. an operation's entry point).
 * `CALLERS=<text>` adds the heaviest call chains (6 frames up) of the frames whose label contains it.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsText = "30", filter] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [rows] [filter]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const short = url.replace(/^.*\/(node_modules\/)?/, (m) => (m.includes("node_modules") ? "nm:" : ""));
  return `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
};
const callersOf = process.env.CALLERS;
const chains = new Map<string, number>();
const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  const stack: ProfileNode[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const node = byId.get(cur);
    if (node) stack.push(node);
  }
  if (
    filter &&
    !stack.some((n) => n.callFrame.functionName.includes(filter) || n.callFrame.url.includes(filter))
  )
    return;
  all += dt;
  self.set(label(stack[0]), (self.get(label(stack[0])) ?? 0) + dt);
  for (const name of new Set(stack.map(label))) total.set(name, (total.get(name) ?? 0) + dt);
  if (callersOf) {
    const at = stack.findIndex((n) => label(n).includes(callersOf));
    if (at !== -1) {
      const chain = stack
        .slice(at, at + 7)
        .map(label)
        .join(" < ");
      chains.set(chain, (chains.get(chain) ?? 0) + dt);
    }
  }
});
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rowsText))
    .map(
      ([name, ms]) =>
        `${ms.toFixed(1).padStart(9)} ms  ${((ms / all) * 100).toFixed(1).padStart(5)}%  ${name}`,
    )
    .join("\n");
console.log(
  `${all.toFixed(0)} ms sampled${filter ? ` (stacks through "${filter}")` : ""}\n\nself time:\n${top(self)}\n\ntotal time:\n${top(total)}`,
);
if (callersOf) console.log(`\ncallers of "${callersOf}":\n${top(chains)}`);
