/**
 * The drills a learner can pick: each a fault plan over the session's workspace. "off" is the empty
 * plan. What each one teaches is in docs/drills.md; the page words them (namespace `drills`).
 */
import type { FaultPlan, FaultRule } from "./plan";

export const DRILL_IDS = ["off", "disk-full", "slow-drive", "src-denied", "vanish"] as const;
export type DrillId = (typeof DRILL_IDS)[number];

/** What a slow drive adds: per whole-file read or write, and per metadata look-up (a walk does many). */
export const SLOW_DATA_MS = 400;
export const SLOW_META_MS = 20;

const WRITE_OPS = ["write.writeFile", "edit.writeFile", "edit.writeBytes", "bash.appendFile"];
const DATA_OPS = ["*.readFile", "*.writeFile", "*.writeBytes", "*.appendFile", "bash.exec"];
const META_OPS = ["*.access", "*.exists", "*.stat", "*.isDirectory", "*.readdir", "*.mkdir", "*.realpath"];

const RULES: Readonly<Record<DrillId, FaultRule[]>> = {
  off: [],
  // Half of what a write carries lands, then the disk is full: the file holds a torn copy.
  "disk-full": [{ ops: WRITE_OPS, fault: { kind: "short-write", fraction: 0.5, code: "ENOSPC" } }],
  // Every operation waits; JSON files sit on a share that has stopped answering (Esc ends the call).
  "slow-drive": [
    { ops: DATA_OPS, fault: { kind: "latency", ms: SLOW_DATA_MS } },
    { ops: META_OPS, fault: { kind: "latency", ms: SLOW_META_MS } },
    {
      ops: ["read.readFile", "edit.readFile", "grep.readFile"],
      paths: ["**/*.json"],
      fault: { kind: "hang" },
    },
  ],
  // src/ as `chmod 000` leaves it: it still shows in its parent's listing, but it cannot be listed,
  // and nothing inside can be read, written or even looked at. The rest of the workspace is fine.
  "src-denied": [
    { paths: ["src/**/*"], fault: { kind: "error", code: "EACCES" } },
    { paths: ["src"], ops: ["*.readdir", "*.access"], fault: { kind: "error", code: "EACCES" } },
  ],
  // A file a listing showed is gone by the time a tool opens it; nothing is really deleted.
  vanish: [
    {
      ops: ["read.*", "edit.*", "grep.readFile", "write.realpath"],
      afterListed: true,
      fault: { kind: "error", code: "ENOENT" },
    },
  ],
};

export function isDrillId(value: unknown): value is DrillId {
  return typeof value === "string" && (DRILL_IDS as readonly string[]).includes(value);
}

export function drillPlan(id: DrillId, root: string): FaultPlan {
  return { root, rules: RULES[id] };
}
