/**
 * Records golden files for parity cases from a pi version's real tools, so a new case in
 * tests/parity/cases/cases.json gets what pi itself answers rather than what we think it answers.
 *
 *   PI_VERSION=0.73.1 PI_ORACLE=/tmp/pi-oracle npx tsx scripts/record-parity.ts <case-id>...
 *   PI_VERSION=1.6.0 PI_ORACLE=/tmp/pi16 npx tsx scripts/record-parity.ts <case-id>...
 *
 * PI_ORACLE is a folder outside the repository where that version was installed with npm
 * (`@mariozechner/pi-coding-agent@0.73.1`, `@earendil-works/pi-coding-agent@1.6.0`; pi is not a
 * dependency of this project; nothing else needs this script). The version's entry in ORACLES says
 * where its tools and its argument validation live: 1.6.0's tool files are imported by path (its
 * package exports only its root, which needs Node 22). Each case runs in a fresh folder on the real
 * disk, through the steps pi's agent loop takes (prepareArguments → validate and coerce → execute; a
 * throw is an error result with `details: {}`; a returned `isError` counts where the loop honours it),
 * and is normalised with the parity runner's own rules before it is written to
 * golden-<version>/public/<id>.json. grep and find cases need rg and fd on PATH (pi answers "not
 * available" without them); bash cases run the machine's bash and coreutils.
 */
import * as nodeFs from "node:fs";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AgentToolResult } from "@core/tools/types";
import type { PiVersionId } from "@core/versions/index";
import {
  caseFiles,
  DEFAULT_CASES_DIR,
  filesAfter,
  LOOP_HONOURS_RETURNED_IS_ERROR,
  type NormalisedResult,
  normaliseResult,
  type ParityCall,
  type ParityCase,
  parityVersion,
  substituteCwd,
} from "../tests/parity/runner";

/** Where each version keeps, inside its install folder, what a recording needs. */
const ORACLES: Record<PiVersionId, { scope: string; tools: string; validation: string }> = {
  "0.73.1": {
    scope: "node_modules/@mariozechner",
    tools: "pi-coding-agent/dist/core/tools/index.js",
    validation: "pi-ai/dist/index.js",
  },
  "1.6.0": {
    scope: "node_modules/@earendil-works",
    tools: "pi-coding-agent/dist/core/tools/index.js",
    validation: "pi-ai/dist/utils/validation.js",
  },
};

interface PiTool {
  prepareArguments?: (args: unknown) => unknown;
  execute: (id: string, args: unknown) => Promise<AgentToolResult<unknown>>;
}

const wanted = parityVersion(process.env.PI_VERSION);
const oracle = process.env.PI_ORACLE;
const ids = process.argv.slice(2);
if (!oracle || ids.length === 0) {
  console.error(
    "usage: PI_VERSION=<0.73.1|1.6.0> PI_ORACLE=<folder with that pi-coding-agent installed> tsx scripts/record-parity.ts <case-id>...",
  );
  process.exit(2);
}
const where = ORACLES[wanted];
const modules = join(oracle, where.scope);
const piTools = await import(pathToFileURL(join(modules, where.tools)).href);
const piAi = await import(pathToFileURL(join(modules, where.validation)).href);
const version = JSON.parse(readFileSync(join(modules, "pi-coding-agent/package.json"), "utf8")).version;
if (version !== wanted) throw new Error(`PI_ORACLE holds pi ${version}, not pi ${wanted}`);
const honoursIsError = LOOP_HONOURS_RETURNED_IS_ERROR[wanted];

function buildFiles(root: string, parityCase: ParityCase): void {
  const links: [string, string][] = [];
  for (const [relative, spec] of Object.entries(caseFiles(parityCase.files, root))) {
    const path = join(root, relative);
    nodeFs.mkdirSync(typeof spec === "object" && "dir" in spec ? path : dirname(path), { recursive: true });
    if (typeof spec === "string") writeFileSync(path, spec);
    else if ("base64" in spec) writeFileSync(path, Buffer.from(spec.base64, "base64"));
    else if ("symlink" in spec) links.push([path, spec.symlink]);
  }
  for (const [path, target] of links) nodeFs.symlinkSync(target, path);
}

/** Prepares and validates now (pi does so for a whole batch first); the returned run executes. */
function prepareCall(tools: Record<string, PiTool>, call: ParityCall, id: string, cwd: string) {
  const fail = (error: unknown): NormalisedResult =>
    normaliseResult(
      call.tool,
      {
        content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }],
        details: {},
      },
      true,
      cwd,
    );
  const tool = tools[call.tool];
  if (!tool) return async () => fail(`Tool ${call.tool} not found`);
  let args: unknown;
  try {
    const raw = structuredClone(call.args);
    const prepared = tool.prepareArguments ? tool.prepareArguments(raw) : raw;
    args = piAi.validateToolArguments(tool, { type: "toolCall", id, name: call.tool, arguments: prepared });
  } catch (error) {
    return async () => fail(error);
  }
  return async () => {
    try {
      const result = await tool.execute(id, args);
      return normaliseResult(call.tool, result, honoursIsError && result.isError === true, cwd);
    } catch (error) {
      return fail(error);
    }
  };
}

/** The recorded goldens list details' keys sorted, at every depth; the comparison ignores key order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

const cases = JSON.parse(readFileSync(join(DEFAULT_CASES_DIR, "cases.json"), "utf8")) as ParityCase[];
for (const id of ids) {
  const parityCase = cases.find((c) => c.id === id);
  if (!parityCase) throw new Error(`no case ${id} in cases.json: add it there first`);
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "parity-record-")));
  try {
    buildFiles(cwd, parityCase);
    const tools = piTools.createAllTools(cwd) as Record<string, PiTool>;
    const calls = parityCase.calls ?? [{ tool: parityCase.tool ?? "", args: parityCase.args ?? {} }];
    const withCwd = calls.map((c) => ({
      tool: c.tool,
      args: substituteCwd(c.args, cwd) as ParityCall["args"],
    }));
    const results: NormalisedResult[] = [];
    if (parityCase.concurrent) {
      const runs = withCwd.map((c, i) => prepareCall(tools, c, `${id}-${i}`, cwd));
      results.push(...(await Promise.all(runs.map((run) => run()))));
    } else {
      for (const [i, c] of withCwd.entries()) results.push(await prepareCall(tools, c, `${id}-${i}`, cwd)());
    }
    for (const result of results) result.details = sortKeys(result.details);
    const golden = { id, suite: "public", results, files_after: filesAfter({ fs: nodeFs, root: cwd }) };
    const out = join(DEFAULT_CASES_DIR, `golden-${wanted}/public`, `${id}.json`);
    // A BOM is invisible in an editor: written as its escape, which JSON reads back the same.
    writeFileSync(out, `${JSON.stringify(golden, null, 2).replaceAll("\uFEFF", "\\ufeff")}\n`);
    console.log(`recorded ${out}`);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
