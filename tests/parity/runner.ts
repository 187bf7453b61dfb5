/**
 * The parity comparison (docs/parity.md §4): build the case's files on a memfs workspace,
 * run each call as a model's call runs (prepareArguments → validate and coerce → execute; a throw is
 * an error result with `details: {}`), normalise, compare with the golden recorded from the chosen pi
 * version (`golden-<version>/`), the tools built with that version's profile. A result returned with
 * `isError: true` counts as an error only where that version's loop honours the flag (1.6.0).
 *
 * Normalisation (the kit's rules): text verbatim; images as {type, mimeType, sha256}; details
 * undefined → null, `details.truncation.content` dropped, undefined-valued keys dropped; the
 * workspace path → `<cwd>`; bash's full-output path → `<fulloutput>`; files_after as text when
 * valid UTF-8 without NUL, else {sha256, bytes}; symlinks {symlink}; empty dirs {dir: true}.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace, type FilesMap } from "@backends/memfs/workspace";
import { base64Decode, decodeUtf8, isUtf8Text } from "@core/bytes";
import { createHeaderOnlyResizer, imageDimensions } from "@core/image/index";
import { createAllTools, type ToolsOptions } from "@core/tools/index";
import type { AgentToolResult, AnyAgentTool } from "@core/tools/types";
import { validateToolArguments } from "@core/validation";
import { DEFAULT_PI_VERSION, isPiVersionId, type PiVersionId, TOOL_PROFILES } from "@core/versions/index";

export interface ParityCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface ParityCase {
  id: string;
  tool?: string;
  args?: Record<string, unknown>;
  calls?: ParityCall[];
  concurrent?: boolean;
  files?: FilesMap;
  note?: string;
}

export interface NormalisedResult {
  tool: string;
  isError: boolean;
  content: unknown[];
  details: unknown;
}

export interface ParityOutcome {
  results: NormalisedResult[];
  files_after: Record<string, unknown>;
}

export interface Golden extends ParityOutcome {
  id: string;
}

export const WORKSPACE_ROOT = "/workspace";
export const DEFAULT_CASES_DIR = fileURLToPath(new URL("./cases", import.meta.url));

/**
 * Whether the version's agent loop reports a tool result returned with `isError: true` as an error
 * (pi 1.6.0) or as a success (pi 0.73.1 ignores the flag). A loop rule: it moves to the version's full
 * profile when the loop gets one.
 */
export const LOOP_HONOURS_RETURNED_IS_ERROR: Readonly<Record<PiVersionId, boolean>> = {
  "0.73.1": false,
  "1.6.0": true,
};

/** The version named by PI_VERSION (a script's environment), else the project's default. */
export function parityVersion(value: string | undefined): PiVersionId {
  if (!value) return DEFAULT_PI_VERSION;
  if (!isPiVersionId(value)) throw new Error(`PI_VERSION must be one of 0.73.1, 1.6.0, not ${value}`);
  return value;
}

/**
 * cases.json plus every golden-<version>/<any folder>/<id>.json (a directory without version folders,
 * such as one given as PARITY_DIR, may hold a single `golden/`).
 */
export function loadParitySuite(
  dir: string,
  version: PiVersionId = DEFAULT_PI_VERSION,
): { cases: ParityCase[]; goldens: Map<string, Golden> } {
  const cases = JSON.parse(readFileSync(join(dir, "cases.json"), "utf8")) as ParityCase[];
  const goldens = new Map<string, Golden>();
  const versioned = join(dir, `golden-${version}`);
  const goldenDir = existsSync(versioned) ? versioned : join(dir, "golden");
  if (existsSync(goldenDir)) {
    for (const folder of readdirSync(goldenDir, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of readdirSync(join(goldenDir, folder.name))) {
        if (!file.endsWith(".json")) continue;
        const golden = JSON.parse(readFileSync(join(goldenDir, folder.name, file), "utf8")) as Golden;
        goldens.set(golden.id ?? file.slice(0, -5), golden);
      }
    }
  }
  return { cases, goldens };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function substituteCwd(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return value.split("<cwd>").join(cwd);
  if (Array.isArray(value)) return value.map((v) => substituteCwd(v, cwd));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteCwd(v, cwd)]));
  }
  return value;
}

export function caseFiles(files: FilesMap | undefined, cwd: string): FilesMap {
  const out: FilesMap = {};
  for (const [path, spec] of Object.entries(files ?? {})) {
    out[path] =
      typeof spec === "object" && "symlink" in spec
        ? { symlink: spec.symlink.split("<cwd>").join(cwd) }
        : spec;
  }
  return out;
}

// pi writes bash's full output to <tmpdir>/pi-bash-<16 hex>.log; ours goes to the workspace's temp folder.
// Anchored on the file name (a `\S*` prefix would make the regex quadratic on a long line).
const FULL_OUTPUT_NAME = /pi-bash-[0-9a-f]+\.log/g;

function replaceFullOutputPaths(text: string): string {
  if (!text.includes("pi-bash-")) return text;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(FULL_OUTPUT_NAME)) {
    let from = match.index;
    while (from > last && !/\s/.test(text[from - 1])) from--; // back to the start of the path
    out += `${text.slice(last, from)}<fulloutput>`;
    last = match.index + match[0].length;
  }
  return out + text.slice(last);
}

function normaliseStrings(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return replaceFullOutputPaths(value.split(cwd).join("<cwd>"));
  if (Array.isArray(value)) return value.map((v) => normaliseStrings(v, cwd));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = normaliseStrings(v, cwd);
    return out;
  }
  return value;
}

export function normaliseResult(
  tool: string,
  result: AgentToolResult<unknown>,
  isError: boolean,
  cwd: string,
) {
  const content = result.content.map((block) =>
    block.type === "image"
      ? { type: "image", mimeType: block.mimeType, sha256: sha256(base64Decode(block.data)) }
      : { type: "text", text: block.text },
  );
  let details: unknown = result.details === undefined ? null : structuredClone(result.details);
  if (details && typeof details === "object" && "truncation" in details) {
    const truncation = (details as { truncation?: Record<string, unknown> }).truncation;
    if (truncation && typeof truncation === "object") delete truncation.content;
  }
  details = normaliseStrings(details, cwd);
  return { tool, isError, content: normaliseStrings(content, cwd) as unknown[], details };
}

/** The synchronous reads filesAfter needs: memfs's fs, or node's for a recording on a real disk. */
export interface ReadableTree {
  root: string;
  fs: {
    readdirSync(path: string): unknown[];
    lstatSync(path: string): { isSymbolicLink(): boolean; isDirectory(): boolean };
    readlinkSync(path: string): unknown;
    readFileSync(path: string): unknown;
  };
}

/** Every regular file, symlink and empty directory under the root, as the goldens list them. */
export function filesAfter(workspace: ReadableTree): Record<string, unknown> {
  const { fs, root } = workspace;
  const out: Record<string, unknown> = {};
  const walk = (dir: string, rel: string) => {
    const names = (fs.readdirSync(dir) as string[]).map(String);
    if (names.length === 0 && rel) out[rel] = { dir: true };
    for (const name of names) {
      const path = `${dir}/${name}`;
      const key = rel ? `${rel}/${name}` : name;
      const stat = fs.lstatSync(path);
      if (stat.isSymbolicLink()) out[key] = { symlink: String(fs.readlinkSync(path)) };
      else if (stat.isDirectory()) walk(path, key);
      else {
        const bytes = new Uint8Array(fs.readFileSync(path) as Uint8Array);
        // decodeUtf8 keeps a leading BOM: a default TextDecoder drops it, and a lost BOM would go unseen.
        out[key] = isUtf8Text(bytes) ? decodeUtf8(bytes) : { sha256: sha256(bytes), bytes: bytes.length };
      }
    }
  };
  walk(root, "");
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, normaliseStrings(out[k], root)]),
  );
}

type Prepared = { tool: string; run: () => Promise<NormalisedResult> };

function prepareCall(
  tools: Record<string, AnyAgentTool>,
  call: ParityCall,
  id: string,
  cwd: string,
  honoursIsError: boolean,
): Prepared {
  const errorResult = (message: string): NormalisedResult =>
    normaliseResult(call.tool, { content: [{ type: "text", text: message }], details: {} }, true, cwd);
  const tool = tools[call.tool];
  if (!tool) return { tool: call.tool, run: async () => errorResult(`Tool ${call.tool} not found`) };
  let args: unknown;
  try {
    const raw = structuredClone(call.args);
    const prepared = tool.prepareArguments ? tool.prepareArguments(raw) : raw;
    args = validateToolArguments(tool, { name: call.tool, arguments: prepared });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { tool: call.tool, run: async () => errorResult(message) };
  }
  return {
    tool: call.tool,
    run: async () => {
      try {
        const result = await tool.execute(`${id}-call`, args as never);
        return normaliseResult(call.tool, result, honoursIsError && result.isError === true, cwd);
      } catch (error) {
        return errorResult(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** A case's workspace on some backend: its tools' Operations, and the files to compare afterwards. */
export interface ParityWorkspace {
  options: ToolsOptions;
  /** the files as they are after the calls (a remote backend brings its copy up to date first) */
  after(): Promise<ReadableTree>;
}

/** Where a case runs: memfs unless the caller gives another backend (scripts/parity.ts, PARITY_BACKEND). */
export type ParitySetup = (files: FilesMap, cwd: string) => Promise<ParityWorkspace>;

export const memfsParitySetup: ParitySetup = async (files, cwd) => {
  const workspace = createMemfsWorkspace(files, cwd);
  return { options: createMemfsToolOptions(workspace), after: async () => workspace };
};

/** Runs one case on a fresh workspace and returns what the golden holds, normalised. */
export async function runParityCase(
  parityCase: ParityCase,
  setup: ParitySetup = memfsParitySetup,
  version: PiVersionId = DEFAULT_PI_VERSION,
): Promise<ParityOutcome> {
  const cwd = WORKSPACE_ROOT;
  const workspace = await setup(caseFiles(parityCase.files, cwd), cwd);
  const resizer = createHeaderOnlyResizer(({ data, mimeType }) => imageDimensions(data, mimeType));
  const options = {
    ...workspace.options,
    read: { ...workspace.options.read, imageResizer: resizer },
    profile: TOOL_PROFILES[version],
  };
  const honoursIsError = LOOP_HONOURS_RETURNED_IS_ERROR[version];
  const tools = createAllTools(cwd, options) as unknown as Record<string, AnyAgentTool>;
  const calls: ParityCall[] = parityCase.calls ?? [
    { tool: parityCase.tool ?? "", args: parityCase.args ?? {} },
  ];
  const withCwd = calls.map((c) => ({
    tool: c.tool,
    args: substituteCwd(c.args, cwd) as Record<string, unknown>,
  }));
  const results: NormalisedResult[] = [];
  if (parityCase.concurrent) {
    // pi's parallel batch: every call prepared and validated in order, then all executed at once.
    const prepared = withCwd.map((c, i) =>
      prepareCall(tools, c, `${parityCase.id}-${i}`, cwd, honoursIsError),
    );
    results.push(...(await Promise.all(prepared.map((p) => p.run()))));
  } else {
    for (const [i, c] of withCwd.entries())
      results.push(await prepareCall(tools, c, `${parityCase.id}-${i}`, cwd, honoursIsError).run());
  }
  return { results, files_after: filesAfter(await workspace.after()) };
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Paths where actual and expected differ, each with both values, shortened; empty when equal. */
export function diffOutcome(expected: unknown, actual: unknown, path = ""): string[] {
  if (Object.is(expected, actual)) return [];
  const bothObjects =
    expected &&
    actual &&
    typeof expected === "object" &&
    typeof actual === "object" &&
    Array.isArray(expected) === Array.isArray(actual);
  if (!bothObjects) {
    if (typeof expected === "string" && typeof actual === "string") {
      let i = 0;
      while (i < expected.length && expected[i] === actual[i]) i++;
      const from = Math.max(0, i - 30);
      return [
        `${path || "root"}: at char ${i}: expected ${short(expected.slice(from, i + 80))}, got ${short(actual.slice(from, i + 80))}`,
      ];
    }
    return [`${path || "root"}: expected ${short(expected)}, got ${short(actual)}`];
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  return keys.flatMap((k) => diffOutcome(e[k], a[k], path ? `${path}.${k}` : k));
}

export function compareWithGolden(outcome: ParityOutcome, golden: Golden): string[] {
  return [
    ...diffOutcome(golden.results, outcome.results, "results"),
    ...diffOutcome(golden.files_after, outcome.files_after, "files_after"),
  ];
}
