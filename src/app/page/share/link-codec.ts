/**
 * The share link: the work (the workspace as changes from where it started, the tool states, the
 * scenario loaded last) as JSON, deflated (fflate) and written in base64url into the URL's fragment,
 * which a browser never sends to a server. `#share=<version>.<data>`: the version comes first so a page
 * can tell a newer link from a broken one without reading the rest.
 *
 * Decoding trusts nothing: every field is checked and anything unknown is dropped, so a link can only
 * ever carry files, tool states and a scenario, never a key, a preference or another workspace. It is
 * unpacked in small pieces with a running count, and refused as soon as it passes MAX_LINK_BYTES, so a
 * link made to unpack to gigabytes never gets near the page's memory. A link is taken whole or not at
 * all: a path, a count or a tool over a limit refuses all of it, with a problem that names what it was.
 */

import { diffFiles } from "@agent/file-changes";
import type { SavedLearnerTools } from "@agent/persist-protocol";
import type { SharedWork } from "@agent/protocol";
import {
  clashIn,
  parseScenario,
  type Scenario,
  type ScenarioFileSpec,
  type ScenarioFiles,
  type ScenarioTools,
} from "@agent/scenario";
import { base64Decode, base64Encode, utf8Decode, utf8Encode } from "@core/bytes";
import { isPiVersionId, type PiVersionId } from "@core/versions/ids";
import type { LinkRefusal, LinkSummary } from "@ui/Share/share-handle";
import { deflateSync, Inflate } from "fflate";
import { readTravellingTools } from "../../common/learner-tools/saved";
import { pathProblem } from "../../common/share/import-rules";
import { MAX_IMPORT_ENTRIES, MAX_LINK_BYTES } from "../../common/share/limits";

export const LINK_VERSION = 1;
export const LINK_PREFIX = "share=";
export { SAFE_LINK_LENGTH } from "../../common/share/limits";

/** What goes into the link: the changes from its base, never the whole workspace. */
interface LinkPayload {
  /** files added or changed from the base */
  put: ScenarioFiles;
  /** files of the base that are gone */
  del: string[];
  tools: ScenarioTools;
  scenario?: Scenario;
  /** the learner's tool files and pi/mini-pi handler choices (learner-tools/saved.ts) */
  learner?: SavedLearnerTools;
  /** the pi version it was made on; a link without one is from before there was a choice (0.73.1) */
  pi?: PiVersionId;
}

export type { LinkRefusal } from "@ui/Share/share-handle";

export type DecodedLink = { ok: true; shared: SharedWork; summary: LinkSummary } | LinkRefusal;

const same = (a: ScenarioFileSpec | undefined, b: ScenarioFileSpec | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The files a link's changes apply to: its scenario's own workspace, else the preset. */
const baseOf = (scenario: Scenario | undefined, preset: ScenarioFiles) =>
  scenario?.workspace?.files ?? preset;

/**
 * The fragment (without `#`) for `shared`. `redact` masks any key that got into the text; it runs on
 * the JSON before it is compressed, the last look at it in the clear.
 */
export function encodeLink(
  shared: SharedWork,
  preset: ScenarioFiles,
  redact: (text: string) => string = (t) => t,
): string {
  const base = baseOf(shared.scenario, preset);
  const put: ScenarioFiles = {};
  for (const [path, spec] of Object.entries(shared.files)) if (!same(base[path], spec)) put[path] = spec;
  const del = Object.keys(base).filter((path) => !(path in shared.files));
  const payload: LinkPayload = {
    put,
    del,
    tools: shared.tools,
    ...(shared.scenario ? { scenario: shared.scenario } : {}),
    ...(shared.learner ? { learner: shared.learner } : {}),
    ...(shared.pi ? { pi: shared.pi } : {}),
  };
  const bytes = deflateSync(utf8Encode(redact(JSON.stringify(payload))), { level: 9 });
  return `${LINK_PREFIX}${LINK_VERSION}.${toBase64Url(bytes)}`;
}

/** Reads a fragment (with or without `#`); null when it is not a share link at all. */
export function decodeLink(fragment: string, preset: ScenarioFiles): DecodedLink | null {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith(LINK_PREFIX)) return null;
  const match = /^(\d+)\.([A-Za-z0-9_-]*)$/.exec(text.slice(LINK_PREFIX.length));
  if (!match) return { ok: false, problem: "corrupt" };
  const version = Number(match[1]);
  if (version > LINK_VERSION) return { ok: false, problem: "newer", version };
  if (version !== LINK_VERSION) return { ok: false, problem: "corrupt" };
  const data = fromBase64Url(match[2] as string);
  if (data === null) return { ok: false, problem: "truncated" };
  const inflated = inflateCapped(data, MAX_LINK_BYTES);
  if (!inflated.ok)
    return inflated.problem === "tooLarge"
      ? { ok: false, problem: "tooLarge", limit: MAX_LINK_BYTES }
      : { ok: false, problem: inflated.problem };
  let value: unknown;
  try {
    value = JSON.parse(utf8Decode(inflated.bytes));
  } catch {
    return { ok: false, problem: "corrupt" };
  }
  try {
    const payload = checkPayload(value);
    return "problem" in payload ? payload : applyPayload(payload, preset);
  } catch {
    return { ok: false, problem: "corrupt" };
  }
}

/** Packed bytes handed to the inflater at a time: one piece unpacks to at most about 4 MB. */
const PIECE = 4096;

/** The bytes a capped inflate gave, or why it stopped (`produced`: bytes unpacked when it stopped). */
export type Inflated =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: "tooLarge" | "truncated" | "corrupt"; produced: number };

/** Thrown from the inflater's callback to stop it mid-piece. */
class CapPassed extends Error {}

/**
 * Inflates raw deflate `data` piece by piece, counting what comes out, and stops as soon as the count
 * passes `cap`: never more than `cap` plus one piece's output is held.
 */
export function inflateCapped(data: Uint8Array, cap: number): Inflated {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    produced += chunk.length;
    if (produced > cap) throw new CapPassed();
    chunks.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let i = 0; i < data.length; i += PIECE)
      inflater.push(data.subarray(i, i + PIECE), i + PIECE >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof CapPassed) return { ok: false, problem: "tooLarge", produced };
    // fflate reports a stream that stops before its last block as "unexpected EOF".
    return { ok: false, problem: /EOF/i.test(String(error)) ? "truncated" : "corrupt", produced };
  }
  if (!finished) return { ok: false, problem: "truncated", produced };
  const bytes = new Uint8Array(produced);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { ok: true, bytes };
}

function applyPayload(payload: LinkPayload, preset: ScenarioFiles): DecodedLink {
  const base = baseOf(payload.scenario, preset);
  const files: ScenarioFiles = { ...base, ...payload.put };
  for (const path of payload.del) delete files[path];
  const count = Object.keys(files).length;
  if (count > MAX_IMPORT_ENTRIES) return { ok: false, problem: "tooMany", limit: MAX_IMPORT_ENTRIES };
  // A file where the workspace needs a folder would stop the load half-way: refused before it starts.
  const clash = clashIn(files);
  if (clash) return { ok: false, problem: "badPath", path: clash.path, reason: "clash" };
  return {
    ok: true,
    shared: {
      files,
      tools: payload.tools,
      ...(payload.scenario ? { scenario: payload.scenario } : {}),
      ...(payload.learner ? { learner: payload.learner } : {}),
      ...(payload.pi ? { pi: payload.pi } : {}),
    },
    summary: {
      files: count,
      // From where the link's work started; the page counts again against the recipient's workspace.
      changes: diffFiles(base, files),
      tools: payload.tools.active,
      ...(payload.scenario ? { scenario: payload.scenario.title } : {}),
      learnerTools: payload.learner?.tools.map(({ name, source }) => ({ name, source })) ?? [],
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function isSpec(v: unknown): v is ScenarioFileSpec {
  if (typeof v === "string") return true;
  if (!isRecord(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  if ("base64" in v) return typeof v.base64 === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(v.base64);
  if ("symlink" in v) return typeof v.symlink === "string";
  return v.dir === true;
}

const corrupt: LinkRefusal = { ok: false, problem: "corrupt" };

/** The first refused path of `paths`, as a refusal; null when all may be imported. */
function refusedPath(paths: Iterable<string>): LinkRefusal | null {
  for (const path of paths) {
    const reason = pathProblem(path);
    if (reason) return { ok: false, problem: "badPath", path, reason };
  }
  return null;
}

/**
 * The payload's known fields, checked; a refusal when any is wrong (naming the limit or the path when
 * one is the reason). Unknown fields are dropped.
 */
function checkPayload(value: unknown): LinkPayload | LinkRefusal {
  if (!isRecord(value) || !isRecord(value.put) || !Array.isArray(value.del) || !isRecord(value.tools))
    return corrupt;
  if (value.pi !== undefined && !isPiVersionId(value.pi))
    return { ok: false, problem: "unknownPi", detail: String(value.pi).slice(0, 40) };
  const entries = Object.entries(value.put);
  if (entries.length > MAX_IMPORT_ENTRIES)
    return { ok: false, problem: "tooMany", limit: MAX_IMPORT_ENTRIES };
  if (!value.del.every((p): p is string => typeof p === "string")) return corrupt;
  const badPath = refusedPath([...entries.map(([path]) => path), ...value.del]);
  if (badPath) return badPath;
  const put: ScenarioFiles = {};
  for (const [path, spec] of entries) {
    if (!isSpec(spec)) return corrupt;
    put[path] = spec;
  }
  const names = (list: unknown) =>
    Array.isArray(list) && list.every((n): n is string => typeof n === "string" && TOOL_NAME.test(n))
      ? list
      : null;
  const active = names(value.tools.active);
  const hidden = value.tools.hidden === undefined ? [] : names(value.tools.hidden);
  if (!active || !hidden) return corrupt;
  const tools: ScenarioTools = { active, ...(hidden.length > 0 ? { hidden } : {}) };
  // The scenario format's own parser: a scenario from a link is held to the same rules as a file.
  let scenario: Scenario | undefined;
  try {
    scenario = value.scenario === undefined ? undefined : parseScenario(value.scenario, "link");
  } catch (error) {
    return { ok: false, problem: "badScenario", detail: (error as Error).message };
  }
  const scenarioPath = refusedPath(Object.keys(scenario?.workspace?.files ?? {}));
  if (scenarioPath) return scenarioPath;
  // Tool files are code from someone else: only names and text pass, and nothing registers them here.
  const learner = value.learner === undefined ? undefined : readTravellingTools(value.learner);
  if (learner && !learner.ok) {
    if (learner.code === "tooManyTools") return { ok: false, problem: "tooManyTools", limit: learner.limit };
    if (learner.code === "toolTooLong")
      return { ok: false, problem: "toolTooLong", limit: learner.limit, tool: learner.tool };
    return corrupt;
  }
  return {
    put,
    del: value.del,
    tools,
    ...(scenario ? { scenario } : {}),
    ...(learner?.ok ? { learner: learner.value } : {}),
    ...(value.pi !== undefined ? { pi: value.pi } : {}),
  };
}

export function toBase64Url(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** null when the text cannot be base64url of whole bytes (a cut in the wrong place). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return base64Decode(padded);
}
