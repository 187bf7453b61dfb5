/**
 * A fault plan: which operations of which tools fail, or slow down, for which paths. Rules are data
 * (a drill is one plan), so a plan can travel in a command and be shown on the page.
 */
import picomatch from "picomatch";
import type { FaultCode } from "./errors";

export type Fault =
  /** the operation fails at once with a Node-style error */
  | { kind: "error"; code: FaultCode }
  /** the operation waits this long, then runs */
  | { kind: "latency"; ms: number }
  /** a write puts the first `fraction` of its content on disk, then fails (ENOSPC unless told) */
  | { kind: "short-write"; fraction: number; code?: FaultCode }
  /** the operation never answers: it ends only when the call is aborted or bash's timeout fires */
  | { kind: "hang" };

export interface FaultRule {
  /**
   * `<tool>.<method>` globs: `write.writeFile`, `*.readFile`, `read.*`. The bash tool's log writes are
   * `bash.appendFile`, its commands `bash.exec`. Every operation when absent.
   */
  ops?: string[];
  /**
   * Globs over the path relative to the plan's root (picomatch's: `src/**` matches `src` itself too,
   * `src/**\/*` only what is inside); every path when absent. Paths outside the root match as absolute.
   */
  paths?: string[];
  fault: Fault;
  /**
   * Only for paths a listing (any tool's readdir) has returned since the plan was applied: a file that
   * was there when listed is gone when read.
   */
  afterListed?: boolean;
}

export interface FaultPlan {
  /** the workspace root the path globs are relative to */
  root: string;
  rules: FaultRule[];
}

export interface CompiledRule {
  rule: FaultRule;
  matchesOp: (op: string) => boolean;
  matchesPath: (relative: string) => boolean;
}

const always = () => true;

export function compileRules(plan: FaultPlan): CompiledRule[] {
  return plan.rules.map((rule) => ({
    rule,
    matchesOp: rule.ops ? picomatch(rule.ops, { dot: true }) : always,
    matchesPath: rule.paths ? picomatch(rule.paths, { dot: true }) : always,
  }));
}

/** The path relative to root ("" for root itself); a path outside it stays absolute. */
export function relativeTo(root: string, absolutePath: string): string {
  const base = root.endsWith("/") ? root : `${root}/`;
  if (absolutePath === root || `${absolutePath}/` === base) return "";
  return absolutePath.startsWith(base) ? absolutePath.slice(base.length) : absolutePath;
}
