/**
 * The page's side of files in and out and of share links, without the DOM: limits checked before a
 * byte is read, a .zip unpacked with its guards (zip-read.ts), the workspace zipped (zip-write.ts), the
 * link encoded and decoded (link-codec.ts), a scenario file checked. main.tsx wires it to the worker,
 * the download and the page's address; the tests wire fakes. Nothing reaches the session before the
 * learner's data has passed every check, and nothing leaves the page without the key mask.
 */
import type { LearnerToolEntry } from "@agent/events";
import type { ImportEntry, SessionPort } from "@agent/protocol";
import { checkScenarioSize, parseScenarioText, type ScenarioFiles } from "@agent/scenario";
import type { Store } from "@state/store";
import type {
  ImportReport,
  MadeLink,
  OpenedLink,
  Picked,
  PreparedImport,
  ShareHandle,
} from "@ui/Share/share-handle";
import { TOOLS_ZIP_ENTRY, toolsFromZipText } from "../../common/learner-tools/saved";
import { checkEntries, MAX_IMPORT_BYTES, type Skipped } from "../../common/share/import-rules";
import { KEPT_LINK_KEY, SHARE_LIMITS } from "../../common/share/limits";
import { importBudget } from "./import-budget";
import { decodeLink, encodeLink, SAFE_LINK_LENGTH } from "./link-codec";
import { readZip } from "./zip-read";
import { writeZip, zipFileName } from "./zip-write";

export interface SharePageDeps {
  host: Pick<SessionPort, "send" | "request">;
  /** the workspace tree as the page shows it (folders end in "/") */
  paths: () => readonly string[];
  /** the preset a link's changes apply to when it carries no scenario with files of its own */
  preset: ScenarioFiles;
  /** masks any key the page holds in text about to leave it */
  redact: (text: string) => string;
  /** hands a file to the learner (the page: a download) */
  download(name: string, type: string, data: Uint8Array | string): void;
  /** the page's address without its fragment */
  pageUrl: () => string;
  /** a shipped scenario being fetched (the first visit's pick): a link waits for it, so it loads last */
  scenarioLoading?: Store<string | null>;
  /** the first visit's own scenario pick waits for this link and gives way when it loaded */
  holdFirstPick?: (opening: Promise<boolean>) => void;
  /** this tab's storage (sessionStorage): a link opened as a new workspace waits there for the reload */
  tab?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  now?: () => number;
  /** the learner's tools a link carried: shown to the learner, registered only when accepted */
  offerTools?: (tools: readonly LearnerToolEntry[]) => void;
}

const empty = (): Omit<ImportReport, "overwrites"> => ({
  files: 0,
  folders: 0,
  links: 0,
  bytes: 0,
  skipped: [],
  windowsNames: 0,
});

const refused = (code: NonNullable<ImportReport["refused"]>): PreparedImport => ({
  report: { ...empty(), overwrites: [], refused: code },
  commit: () => {},
});

/** The page's share handle: each of its checks and conversions is a method, the session reached through `deps.host`. */
class SharePage implements ShareHandle {
  readonly limits = SHARE_LIMITS;

  constructor(private readonly deps: SharePageDeps) {}

  async preparePicked(items: readonly Picked[]) {
    const skipped: Skipped[] = [];
    const read: ImportEntry[] = [];
    const budget = importBudget();
    // Limits first, from the sizes the browser knows: a file that does not fit is never read.
    for (const item of items) {
      const problem = budget.admit(item.path);
      if (problem) {
        skipped.push({ path: item.path, reason: problem });
        continue;
      }
      if (item.kind === "dir") {
        read.push(item);
        continue;
      }
      const tooLarge = budget.fit(item.size);
      if (tooLarge) {
        skipped.push({ path: item.path, reason: tooLarge });
        continue;
      }
      try {
        const data = await item.read();
        budget.spend(data.byteLength);
        read.push({ path: item.path, kind: "file", data });
      } catch {
        skipped.push({ path: item.path, reason: "unreadable" });
      }
    }
    const checked = checkEntries(read);
    return this.prepared(checked.entries, [...skipped, ...checked.skipped], checked.windowsNames);
  }

  async prepareZip(file: Parameters<ShareHandle["prepareZip"]>[0]) {
    if (file.size > MAX_IMPORT_BYTES) return refused("tooLarge");
    let bytes: Uint8Array;
    try {
      bytes = await file.read();
    } catch {
      return refused("unreadable");
    }
    const zip = readZip(bytes);
    if (zip.refused) return refused(zip.refused);
    const [files, tools] = splitTools(zip.entries);
    return this.prepared(files, zip.skipped, zip.windowsNames, tools);
  }

  async exportZip() {
    const { deps } = this;
    const { files, learner } = await deps.host.request({ type: "share_state" });
    // A key typed into a file is masked here as in every other export: the zip leaves the page.
    const masked: ScenarioFiles = {};
    for (const [path, spec] of Object.entries(files))
      masked[path] = typeof spec === "string" ? deps.redact(spec) : spec;
    if (learner) masked[TOOLS_ZIP_ENTRY] = deps.redact(JSON.stringify(learner, null, 2));
    deps.download(zipFileName(new Date(deps.now?.() ?? Date.now())), "application/zip", writeZip(masked));
  }

  async makeLink() {
    const shared = await this.deps.host.request({ type: "share_state" });
    return linkFor(this.deps.pageUrl(), encodeLink(shared, this.deps.preset, this.deps.redact));
  }

  async readLink(hash: string): Promise<OpenedLink | null> {
    const { deps } = this;
    const decoded = decodeLink(hash, deps.preset);
    if (!decoded) return null;
    if (!decoded.ok) return decoded;
    return {
      ok: true,
      summary: decoded.summary,
      open(ask) {
        const opening = (async () => {
          if (!(await ask())) return false;
          // A scenario picked just before may still be on its way: the link's work must land after it.
          await until(deps.scenarioLoading, (v) => v === null);
          deps.host.send({ type: "load_shared", shared: decoded.shared });
          const tools = decoded.shared.learner?.tools ?? [];
          if (tools.length > 0) deps.offerTools?.(tools);
          return true;
        })();
        deps.holdFirstPick?.(opening);
        return opening;
      },
      keepForNextLoad() {
        storageCall(() => deps.tab?.setItem(KEPT_LINK_KEY, hash));
      },
    };
  }

  async takeKeptLink() {
    const kept = storageCall(() => this.deps.tab?.getItem(KEPT_LINK_KEY) ?? null);
    if (!kept) return null;
    storageCall(() => this.deps.tab?.removeItem(KEPT_LINK_KEY));
    return this.readLink(kept);
  }

  async openScenarioFile(file: Parameters<ShareHandle["openScenarioFile"]>[0]) {
    try {
      checkScenarioSize(file.size, file.name);
      const scenario = parseScenarioText(await file.text(), file.name);
      this.deps.host.send({ type: "scenario_load", scenario });
      return { ok: true as const, title: scenario.title };
    } catch (error) {
      return { ok: false as const, detail: (error as Error).message };
    }
  }

  /** What an import will do (counts, overwrites), and the commit that sends it once the learner agrees. */
  private prepared(
    entries: ImportEntry[],
    skipped: Skipped[],
    windowsNames: number,
    tools: readonly LearnerToolEntry[] = [],
  ): PreparedImport {
    const { deps } = this;
    const existing = new Set(deps.paths());
    const report: ImportReport = { ...empty(), skipped, windowsNames, overwrites: [] };
    const overwrites: string[] = [];
    for (const e of entries) {
      if (e.kind === "dir") report.folders++;
      else {
        if (e.kind === "file") {
          report.files++;
          report.bytes += e.data.byteLength;
        } else report.links++;
        if (existing.has(e.path)) overwrites.push(e.path);
      }
    }
    report.overwrites = overwrites;
    return {
      report,
      commit: () => {
        if (entries.length > 0) deps.host.send({ type: "import_files", entries });
        // A zip's tools are someone else's code: offered, registered only when the learner accepts.
        if (tools.length > 0) deps.offerTools?.(tools);
      },
    };
  }
}

/** The share handle over `deps` (the lazy handle, share-lazy.ts, makes it on first use). */
export function createShareHandle(deps: SharePageDeps): ShareHandle {
  return new SharePage(deps);
}

/** A zip's tools entry taken out of its files, and what it offers (nothing, when it is not tools). */
function splitTools(entries: ImportEntry[]): [ImportEntry[], LearnerToolEntry[]] {
  const entry = entries.find((e) => e.path === TOOLS_ZIP_ENTRY && e.kind === "file");
  if (entry?.kind !== "file") return [entries, []];
  const tools = toolsFromZipText(new TextDecoder().decode(entry.data));
  // Not tools this page can read: then it is just a file, and it goes in as one.
  if (!tools) return [entries, []];
  const files = entries.filter((e) => e !== entry && !(e.path === ".pi-playground" && e.kind === "dir"));
  return [files, tools.tools];
}

/** The whole link, or why there is none: past SAFE_LINK_LENGTH characters it is not handed out. */
export function linkFor(pageUrl: string, fragment: string): MadeLink {
  const url = `${pageUrl.replace(/#.*$/, "")}#${fragment}`;
  if (url.length > SAFE_LINK_LENGTH) return { ok: false, reason: "tooLong", length: url.length };
  return { ok: true, url, length: url.length };
}

/** Storage that is disabled (some private modes) throws: then nothing is kept. */
function storageCall<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}

function until<T>(store: Store<T> | undefined, done: (value: T) => boolean): Promise<void> {
  if (!store || done(store.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!done(store.getSnapshot())) return;
      stop();
      resolve();
    });
  });
}
