/**
 * The faulty disk: `withFaults` wraps every tool's Operations (whatever backend made them) and injects
 * the plan's faults on the way in. An operation no rule matches goes straight to the backend and its
 * answer comes back untouched (a synchronous one stays synchronous), so with no rules the tools behave
 * exactly as without the wrapper. Nothing is ever deleted or rewritten behind a tool's back: a file
 * only changes when a tool writes it (a short write leaves part of what that tool was writing).
 */
import type { BashExecOptions } from "@core/tools/bash";
import type { ToolsOptions } from "@core/tools/index";
import { type FaultCode, fsError, spawnError, syscallOf } from "./errors";
import { type CompiledRule, compileRules, type Fault, type FaultPlan, relativeTo } from "./plan";

/** One fault as it happened, for the page: which tool's operation, on which path, what it did. */
export interface InjectedFault {
  tool: string;
  op: string;
  /** relative to the plan's root ("" for the root itself) */
  path: string;
  kind: Fault["kind"];
  code?: FaultCode;
  ms?: number;
  /** the error's text, exactly as thrown */
  message?: string;
}

export interface FaultHooks {
  onFault?: (fault: InjectedFault) => void;
  /**
   * The running call's signal. File operations are not handed one, so a hang asks for it here; bash's
   * exec gets its own and uses that.
   */
  signal?: () => AbortSignal | undefined;
}

/** A hang with no signal to end it (a test without hooks) gives up after this long, with EIO. */
export const UNSIGNALLED_HANG_MS = 60_000;

const WRITES = new Set(["writeFile", "writeBytes", "appendFile"]);

interface Context {
  root: string;
  rules: CompiledRule[];
  hooks: FaultHooks;
  /** absolute paths some readdir has returned (only kept when a rule asks for it) */
  listed: Set<string> | undefined;
}

export function withFaults(options: ToolsOptions, plan: FaultPlan, hooks: FaultHooks = {}): ToolsOptions {
  const rules = compileRules(plan);
  const ctx: Context = {
    root: plan.root,
    rules,
    hooks,
    listed: rules.some((r) => r.rule.afterListed) ? new Set() : undefined,
  };
  return {
    read: { ...options.read, operations: wrapOperations("read", options.read.operations, ctx) },
    bash: {
      ...options.bash,
      operations: wrapOperations("bash", options.bash.operations, ctx),
      logOperations: wrapOperations("bash", options.bash.logOperations, ctx),
    },
    edit: { ...options.edit, operations: wrapOperations("edit", options.edit.operations, ctx) },
    write: { ...options.write, operations: wrapOperations("write", options.write.operations, ctx) },
    grep: { ...options.grep, operations: wrapOperations("grep", options.grep.operations, ctx) },
    find: { ...options.find, operations: wrapOperations("find", options.find.operations, ctx) },
    ls: { ...options.ls, operations: wrapOperations("ls", options.ls.operations, ctx) },
  };
}

type Method = (...args: unknown[]) => unknown;

/** Every method (own or inherited, as a class instance has them) wrapped; other fields read through. */
function wrapOperations<T extends object>(tool: string, ops: T, ctx: Context): T {
  const wrapped: Record<string, unknown> = {};
  const keys = new Set<string>();
  for (let o: object | null = ops; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const key of Object.getOwnPropertyNames(o)) if (key !== "constructor") keys.add(key);
  for (const key of keys) {
    const value = (ops as Record<string, unknown>)[key];
    if (typeof value === "function") {
      const method = value as Method;
      wrapped[key] = (...args: unknown[]) => invoke(tool, key, args, (a) => method.apply(ops, a), ctx);
    } else {
      Object.defineProperty(wrapped, key, {
        get: () => (ops as Record<string, unknown>)[key],
        enumerable: true,
      });
    }
  }
  return wrapped as T;
}

function pathOf(method: string, args: unknown[]): string | undefined {
  const value = method === "exec" ? args[1] : args[0];
  return typeof value === "string" ? value : undefined;
}

function invoke(
  tool: string,
  method: string,
  args: unknown[],
  call: (args: unknown[]) => unknown,
  ctx: Context,
): unknown {
  const path = pathOf(method, args);
  const relative = path === undefined ? undefined : relativeTo(ctx.root, path);
  const op = `${tool}.${method}`;
  const matching = ctx.rules
    .filter(
      ({ rule, matchesOp, matchesPath }) =>
        matchesOp(op) &&
        (relative === undefined ? !rule.paths : matchesPath(relative)) &&
        (!rule.afterListed || (path !== undefined && ctx.listed?.has(path) === true)),
    )
    .map((r) => r.rule.fault);
  const run = () => noteListing(ctx, method, path, call(args));
  if (matching.length === 0) return run();
  const report = (fault: Omit<InjectedFault, "tool" | "op" | "path">) =>
    ctx.hooks.onFault?.({ tool, op: method, path: relative ?? "", ...fault });
  const signal = method === "exec" ? (args[2] as BashExecOptions | undefined)?.signal : ctx.hooks.signal?.();
  const latency = matching.reduce((ms, f) => ms + (f.kind === "latency" ? f.ms : 0), 0);
  const decisive = matching.find((f) => f.kind !== "latency");
  return (async () => {
    if (latency > 0) {
      report({ kind: "latency", ms: latency });
      await wait(latency, signal);
    }
    if (!decisive) return run();
    if (decisive.kind === "hang") {
      report({ kind: "hang" });
      const timeout = method === "exec" ? (args[2] as BashExecOptions | undefined)?.timeout : undefined;
      return hang(signal, timeout, () => fsError("EIO", syscallOf(method), path));
    }
    const code = decisive.code ?? "ENOSPC";
    // `exists` never throws: a missing file is `false`; other faults show up in the next operation.
    if (method === "exists") {
      if (code !== "ENOENT") return run();
      report({ kind: "error", code });
      return false;
    }
    if (decisive.kind === "short-write" && WRITES.has(method)) {
      await call([args[0], part(args[1], decisive.fraction), ...args.slice(2)]);
      // Node's failing write(2) names no path.
      const error = fsError(code, "write");
      report({ kind: "short-write", code, message: error.message });
      throw error;
    }
    const error = method === "exec" ? spawnError(code) : fsError(code, syscallOf(method), path);
    report({ kind: "error", code, message: error.message });
    throw error;
  })();
}

/** The first `fraction` of a write's content (characters of a string, bytes of a buffer). */
function part(content: unknown, fraction: number): unknown {
  const share = Math.min(1, Math.max(0, fraction));
  if (typeof content === "string") return content.slice(0, Math.floor(content.length * share));
  if (content instanceof Uint8Array) return content.subarray(0, Math.floor(content.length * share));
  return content;
}

/** Remembers what a listing returned (and forgets what a tool wrote), for rules on listed paths. */
function noteListing(ctx: Context, method: string, dir: string | undefined, result: unknown): unknown {
  if (!ctx.listed || dir === undefined) return result;
  const listed = ctx.listed;
  // A file a tool writes afresh is there again.
  if (WRITES.has(method)) {
    const forget = <T>(r: T) => {
      listed.delete(dir);
      return r;
    };
    return result instanceof Promise ? result.then(forget) : forget(result);
  }
  if (method !== "readdir") return result;
  const note = (entries: unknown) => {
    if (!Array.isArray(entries)) return entries;
    const base = dir.endsWith("/") ? dir : `${dir}/`;
    for (const e of entries) {
      const name = typeof e === "string" ? e : (e as { name?: unknown })?.name;
      if (typeof name === "string") listed.add(base + name);
    }
    return entries;
  };
  return result instanceof Promise ? result.then(note) : note(result);
}

function aborted(): Error {
  // bash's tool reads exactly this text as "the command was aborted"; the other tools end on their own.
  return new Error("aborted");
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Never answers: rejects on abort, at bash's timeout (pi's `timeout:<secs>`), or after the fallback. */
function hang(signal: AbortSignal | undefined, timeoutSecs: number | undefined, giveUp: () => Error) {
  return new Promise<never>((_, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timers: ReturnType<typeof setTimeout>[] = [];
    const end = (error: Error) => {
      for (const t of timers) clearTimeout(t);
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    };
    const onAbort = () => end(aborted());
    signal?.addEventListener("abort", onAbort, { once: true });
    if (timeoutSecs !== undefined && timeoutSecs > 0)
      timers.push(setTimeout(() => end(new Error(`timeout:${timeoutSecs}`)), timeoutSecs * 1000));
    if (!signal) timers.push(setTimeout(() => end(giveUp()), UNSIGNALLED_HANG_MS));
  });
}
