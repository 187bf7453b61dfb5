/**
 * "Compare backends": one scenario run on two sides, each a backend and a pi version in a fresh session
 * of its own, and which of the two runs' tool results and final files differ. Data and pure functions only: the runner lives in
 * src/app/side-by-side, the panes in src/ui/CompareBackends. The compromise table's side-by-side demo marks
 * its differences with the same `callDifferences`.
 */
import type { ModelRequest } from "@agent/protocol";
import type { ScenarioTranslations } from "@agent/scenario";
import { BACKEND_KIND, BACKEND_KINDS, type BackendKind, backendKindOr } from "@core/backend-kinds";
import type { DemoCall } from "@core/tools/mini-pi/compromises";
import type { PiVersionId } from "@core/versions/ids";
import type { Missing } from "./backend-pick";

/** A backend a side can run on: one of the backend kinds, or a drill's faulty disk over memfs. */
export type CompareBackend = { kind: BackendKind } | { kind: "drill"; drill: string };

/** Every side a comparison offers: each backend kind, then each drill (over memfs). */
export const compareChoices = (drills: readonly string[]): CompareBackend[] => [
  ...BACKEND_KINDS.map((kind) => ({ kind })),
  ...drills.map((drill) => ({ kind: "drill", drill }) as const),
];

/** Whether a side runs in the page's one container (a drill wraps memfs, so it never does). */
export const usesContainer = (b: CompareBackend): b is { kind: BackendKind } =>
  b.kind !== "drill" && BACKEND_KIND[b.kind].needsIsolation;

/** A file after the run, as the panes show it: text (cut when long), binary (its size), or a link. */
export type CompareFile =
  | { kind: "text"; text: string; tail?: string; omitted?: number; chars: number; hash: string }
  | { kind: "binary"; bytes: number; hash: string }
  | { kind: "symlink"; target: string };

export interface CompareSide {
  backend: CompareBackend;
  /** the pi version the side's session ran (its tools, validation and loop rules) */
  pi: PiVersionId;
  /** the backend's own name (what the dispatch table would show for its tools) */
  backendId: string;
  calls: DemoCall[];
  /** the workspace after the run, by workspace-relative path */
  files: Record<string, CompareFile>;
  /**
   * What the model was told of the system prompt, in order. pi 0.73.1: the whole prompt each run's
   * requests carried. pi 1.6.0: the system messages of the conversation, the first one whole and later
   * ones only the sections that changed.
   */
  told?: string[];
  /** the side's run was stopped: at the time limit (its calls still running were aborted) */
  stopped?: "limit";
  /** the side could not run at all (its backend failed to start): the message, as it came */
  error?: string;
  /** the model request the side's session would send next (a comparison of the wire asked for it) */
  request?: ModelRequest;
  /** that request as the side's pi-ai writes it: body and headers (key masked), built on the page */
  wire?: { body: unknown; headers: [name: string, value: string][] };
}

export interface CompareResult {
  title: string;
  /** the title in the page's other languages, as the scenario file gives it */
  translations?: ScenarioTranslations;
  sides: [CompareSide, CompareSide];
  /** the time limit each side ran under, in milliseconds */
  limitMs: number;
}

/** How long one side may run before the rest of its run is aborted (the page says it while running). */
export const COMPARE_SIDE_LIMIT_MS = 20_000;

/** Which facts of one call differ between the sides; `missing` when only one side made the call. */
export type CallField =
  | "missing"
  | "status"
  | "text"
  | "updates"
  | "images"
  | "details"
  | "structured"
  | "ms";

/** Two calls' durations differ only when they differ by more than this (timing noise is no difference). */
export const DURATION_DIFF_MS = 500;

export function callDifferences(a: DemoCall | undefined, b: DemoCall | undefined): Set<CallField> {
  const out = new Set<CallField>();
  if (!a || !b) return new Set<CallField>(["missing", "status", "text"]);
  if (a.isError !== b.isError) out.add("status");
  const sameText = a.hash !== undefined && b.hash !== undefined ? a.hash === b.hash : a.text === b.text;
  if (!sameText || a.text !== b.text || a.tail !== b.tail || a.chars !== b.chars) out.add("text");
  if (a.updates !== b.updates) out.add("updates");
  if (a.images !== b.images) out.add("images");
  if (a.detailKeys.join() !== b.detailKeys.join()) out.add("details");
  if (a.structured !== b.structured) out.add("structured");
  if (Math.abs(a.ms - b.ms) > DURATION_DIFF_MS) out.add("ms");
  return out;
}

/** One row of the panes: the call on each side (matched by its call id) and what differs. */
export interface CallRow {
  id: string;
  a?: DemoCall;
  b?: DemoCall;
  differs: CallField[];
}

/** The calls of both sides in order (side A's, then any only side B made), matched by id. */
export function callRows(a: readonly DemoCall[], b: readonly DemoCall[]): CallRow[] {
  const byId = new Map(b.map((c) => [c.id, c]));
  const rows: CallRow[] = a.map((call) => {
    const other = byId.get(call.id);
    byId.delete(call.id);
    return { id: call.id, a: call, b: other, differs: [...callDifferences(call, other)] };
  });
  for (const call of byId.values())
    rows.push({ id: call.id, b: call, differs: [...callDifferences(undefined, call)] });
  return rows;
}

/** A file whose final state differs between the sides (undefined: the file is not there). */
export interface FileRow {
  path: string;
  a?: CompareFile;
  b?: CompareFile;
}

const fileKey = (f: CompareFile | undefined) =>
  f === undefined ? "" : f.kind === "symlink" ? `link:${f.target}` : `${f.kind}:${f.hash}`;

/** The files that differ after the two runs, by path; files alike on both sides are left out. */
export function fileRows(a: Record<string, CompareFile>, b: Record<string, CompareFile>): FileRow[] {
  const paths = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return paths
    .filter((path) => fileKey(a[path]) !== fileKey(b[path]))
    .map((path) => ({ path, a: a[path], b: b[path] }));
}

/** Whether two backends are the same choice (a comparison needs two different ones). */
export function sameBackend(a: CompareBackend, b: CompareBackend): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== "drill" || a.drill === (b as { drill: string }).drill;
}

/** A backend choice as one string (the picker's option value) and back. */
export const backendKey = (b: CompareBackend) => (b.kind === "drill" ? `drill:${b.drill}` : b.kind);

export function parseBackendKey(key: string): CompareBackend {
  if (key.startsWith("drill:")) return { kind: "drill", drill: key.slice("drill:".length) };
  return { kind: backendKindOr(key) };
}

/** Whether WebContainer can be one side, or why not (codes the page words). */
export type ContainerAvailability =
  | { ok: true; fake: boolean }
  | { ok: false; reason: "missing"; missing: Missing[] }
  | { ok: false; reason: "notBooted" | "stuck" | "holdsWorkspace" };

/**
 * What to run: a scenario shipped with the page, the one loaded in the session, or one call by hand on a
 * copy of the learner's files (`args` already checked to be a JSON object).
 */
export type ScenarioPick =
  | { kind: "shipped"; file: string }
  | { kind: "loaded" }
  | { kind: "call"; tool: string; args: Record<string, unknown> };

/** The tools a call by hand may name: pi's own, which both sides' fresh sessions have. */
export const HAND_CALL_TOOLS = ["read", "bash", "edit", "write", "grep", "find", "ls"] as const;

/** One call by hand as a scenario: the files as they are, the tool on, the call, and a closing reply. */
export function handCallScenario(
  tool: string,
  args: Record<string, unknown>,
  files: Record<string, unknown>,
): Record<string, unknown> {
  return {
    title: `${tool} ${JSON.stringify(args)}`,
    workspace: { files },
    tools: { active: [tool] },
    steps: [
      { user: "A call by hand." },
      {
        assistant: {
          content: [{ type: "toolCall", id: "hand-1", name: tool, arguments: args }],
          stopReason: "toolUse",
        },
      },
      { assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } },
    ],
  };
}

/** The call form's JSON as a call's arguments: an object, or null when it is not one. */
export function parseHandArgs(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface CompareRequest {
  scenario: ScenarioPick;
  a: CompareBackend;
  b: CompareBackend;
  /** each side's pi version, over the scenario's own: two versions on one backend show what changed */
  pi: readonly [PiVersionId, PiVersionId];
}

/** The page's comparison runner (src/app/page/side-by-side/compare-page.ts). */
export interface CompareHandle {
  /** whether WebContainer can be a side now; `learnerKind`: the kind of backend holding the learner's files */
  container(learnerKind: BackendKind): ContainerAvailability;
  /** the title of the scenario loaded in the session, or null when none is */
  loadedTitle(): Promise<string | null>;
  /** runs the scenario on both backends; rejects with an AbortError when `signal` aborts */
  run(request: CompareRequest, signal: AbortSignal): Promise<CompareResult>;
}
