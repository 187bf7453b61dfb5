/**
 * The one door to memfs's undocumented internals: its Superblock (`vol._core` of memfs 4.80, from
 * @jsonjoy.com/fs-core), which no public typing or document promises. Nothing else in the project reads
 * `_core`. Every function here answers undefined when the volume is not shaped as expected, and each
 * caller then takes the public fs API (same results, Node's error texts), so an upgrade that changes
 * memfs slows things down but breaks nothing. `checkMemfsInternals` (run by memfs-internals.test.ts)
 * names what changed, so the slowdown does not go unnoticed.
 *
 * What is used, and why the public API is not enough:
 * - the change bus (`changes.listen`): synchronous create/delete/modify/move events with full paths;
 *   memfs's public `watch` reports only "rename"/"change" and before a deletion has happened.
 * - a file's stored bytes (`node.buf`, `node.size`): readFileSync copies the file (20–25 ms for 5 MB
 *   in Chromium).
 * - the tree (`root`, `link.children`, `getResolvedLink`): grep and find walk every file; the fs calls
 *   check permissions and stamp access times on every call and copy every file.
 * - making links (`createLink`, `node.setBuffer`): restoring a saved workspace of thousands of files
 *   through mkdirSync/writeFileSync opens, grows and closes each file and walks each path from the root.
 */
import type { DirEntry, EntryKind } from "@core/search/types";
import { Volume } from "memfs";

export type FsChangeType = "create" | "delete" | "modify" | "move";
export interface InternalChange {
  type: FsChangeType;
  path: string;
  oldPath?: string;
}

interface CoreNode {
  buf?: unknown;
  size?: unknown;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymlink(): boolean;
  canRead(): boolean;
  setBuffer(buf: Uint8Array): void;
}
interface CoreLink {
  children: Map<string, CoreLink | undefined>;
  getNode(): CoreNode;
}
interface CoreEvent {
  type: number;
  steps: string[];
  oldSteps?: string[];
}
interface Superblock {
  root: CoreLink;
  /** Follows symlinks; null when the path does not exist. */
  getResolvedLink(path: string): CoreLink | null;
  /** Follows symlinks; throws Node's error (ENOENT, EACCES on the way, …). */
  getResolvedLinkOrThrow(path: string, syscall: string): CoreLink;
  changes: { listen(fn: (event: CoreEvent) => void): () => void };
  createLink(parent: CoreLink, name: string, isDirectory: boolean): CoreLink;
}

// FsEventType of @jsonjoy.com/fs-core, by index (a const enum: not importable at run time).
const EVENT_TYPES = ["create", "delete", "modify", "attrib", "move"] as const;

/** The volume's Superblock, when it has every member used here. */
function superblockOf(vol: unknown): Superblock | undefined {
  const core = (vol as { _core?: Partial<Superblock> } | undefined)?._core;
  if (
    typeof core?.getResolvedLink !== "function" ||
    typeof core.getResolvedLinkOrThrow !== "function" ||
    typeof core.changes?.listen !== "function" ||
    typeof core.createLink !== "function" ||
    !(core.root?.children instanceof Map)
  )
    return undefined;
  return core as Superblock;
}

const joinSteps = (steps: string[]) => `/${steps.join("/")}`.replace(/^\/\//, "/");

/** Subscribes to the volume's change bus; undefined when there is none (take the public fallback). */
export function listenToInternalChanges(
  vol: unknown,
  listener: (change: InternalChange) => void,
): (() => void) | undefined {
  const core = superblockOf(vol);
  if (!core) return undefined;
  return core.changes.listen((event) => {
    const type = EVENT_TYPES[event.type];
    const path = joinSteps(event.steps);
    if (type === "move" && event.oldSteps) listener({ type, path, oldPath: joinSteps(event.oldSteps) });
    else if (type === "create" || type === "delete" || type === "modify") listener({ type, path });
  });
}

/**
 * A view of the file's stored bytes, valid until the file is next written; undefined for anything
 * readFileSync must answer (a missing path, a folder, no permission, a trailing slash, an unexpected memfs).
 */
export function storedBytesView(vol: unknown, absolutePath: string): Uint8Array | undefined {
  const core = superblockOf(vol);
  if (!core || absolutePath.endsWith("/")) return undefined;
  try {
    const node = core.getResolvedLinkOrThrow(absolutePath, "open").getNode();
    if (node.isFile() && node.canRead() && node.buf instanceof Uint8Array && typeof node.size === "number")
      return node.buf.subarray(0, node.size);
  } catch {
    // Not there or not reachable: readFileSync words the error.
  }
  return undefined;
}

/** The walk grep and find need, synchronous, over the volume's tree. */
export interface InternalTree {
  isDirectory(absolutePath: string): boolean;
  readdir(absolutePath: string): DirEntry[];
  /** A view of the bytes (the engines decode at once and keep nothing). */
  readFile(absolutePath: string): Uint8Array;
}

function kindOf(node: CoreNode): EntryKind {
  if (node.isFile()) return "file";
  if (node.isDirectory()) return "directory";
  if (node.isSymlink()) return "symlink";
  return "other";
}

function fsError(code: string, syscall: string, path: string): Error {
  const message =
    code === "ENOENT"
      ? "no such file or directory"
      : code === "ENOTDIR"
        ? "not a directory"
        : "illegal operation on a directory";
  return Object.assign(new Error(`${code}: ${message}, ${syscall} '${path}'`), { code });
}

/**
 * The link at an absolute path, following symlinks. Walks the children maps itself: the Superblock's own
 * walk checks permissions on every folder it passes, most of the cost of reading thousands of small
 * files. Any symlink on the way goes to the Superblock's walk.
 */
function resolve(core: Superblock, absolutePath: string, syscall: string): CoreLink {
  let link: CoreLink | null | undefined = core.root;
  for (const step of absolutePath.split("/")) {
    if (!step || step === ".") continue;
    if (step === ".." || link.getNode().isSymlink()) {
      link = core.getResolvedLink(absolutePath);
      break;
    }
    link = link.children.get(step);
    if (!link) break;
  }
  if (link?.getNode().isSymlink()) link = core.getResolvedLink(absolutePath);
  if (!link) throw fsError("ENOENT", syscall, absolutePath);
  return link;
}

/** grep's and find's walk over the tree; undefined when the volume is not as expected. */
export function internalTree(vol: unknown): InternalTree | undefined {
  const core = superblockOf(vol);
  if (!core) return undefined;
  return {
    isDirectory: (absolutePath) => resolve(core, absolutePath, "stat").getNode().isDirectory(),
    readdir(absolutePath) {
      const link = resolve(core, absolutePath, "scandir");
      if (!link.getNode().isDirectory()) throw fsError("ENOTDIR", "scandir", absolutePath);
      const out: DirEntry[] = [];
      for (const [name, child] of link.children) {
        if (child && name !== "." && name !== "..") out.push({ name, kind: kindOf(child.getNode()) });
      }
      return out;
    },
    readFile(absolutePath) {
      const node = resolve(core, absolutePath, "open").getNode();
      if (node.isDirectory()) throw fsError("EISDIR", "read", absolutePath);
      return node.buf instanceof Uint8Array && typeof node.size === "number"
        ? node.buf.subarray(0, node.size)
        : new Uint8Array(0);
    },
  };
}

/** Fills a fresh volume quickly: folders and files made as links, each file's bytes copied once. */
export interface InternalBuilder {
  /** a folder whose parent exists */
  dir(absolutePath: string): void;
  /** a file whose folder exists (its bytes are copied) */
  file(absolutePath: string, data: Uint8Array): void;
}

/** A builder over the volume's tree; undefined when the volume is not as expected (use mkdir/writeFile). */
export function internalBuilder(vol: unknown): InternalBuilder | undefined {
  const core = superblockOf(vol);
  if (!core) return undefined;
  const folders = new Map<string, CoreLink>();
  const place = (absolutePath: string, syscall: string): [CoreLink, string] => {
    const cut = absolutePath.lastIndexOf("/");
    const parentPath = absolutePath.slice(0, cut) || "/";
    const name = absolutePath.slice(cut + 1);
    let parent = folders.get(parentPath);
    if (!parent) {
      parent = resolve(core, parentPath, syscall);
      if (!parent.getNode().isDirectory()) throw fsError("ENOTDIR", syscall, absolutePath);
      folders.set(parentPath, parent);
    }
    if (!name || name === "." || name === ".." || parent.children.has(name))
      throw Object.assign(new Error(`EEXIST: file already exists, ${syscall} '${absolutePath}'`), {
        code: "EEXIST",
      });
    return [parent, name];
  };
  return {
    dir(absolutePath) {
      const [parent, name] = place(absolutePath, "mkdir");
      folders.set(absolutePath, core.createLink(parent, name, true));
    },
    file(absolutePath, data) {
      const [parent, name] = place(absolutePath, "open");
      core.createLink(parent, name, false).getNode().setBuffer(data);
    },
  };
}

/**
 * Exercises every internal used above on a scratch volume and lists what no longer holds, each in a
 * sentence naming the member. Empty when memfs is as this module expects.
 */
export function checkMemfsInternals(): string[] {
  const problems: string[] = [];
  const vol = new Volume();
  const core = (vol as unknown as { _core?: Partial<Superblock> })._core;
  if (!core) return ["Volume has no `_core` (the Superblock): every shortcut here is off"];
  if (typeof core.getResolvedLink !== "function") problems.push("`_core.getResolvedLink` is not a function");
  if (typeof core.getResolvedLinkOrThrow !== "function")
    problems.push("`_core.getResolvedLinkOrThrow` is not a function");
  if (typeof core.changes?.listen !== "function") problems.push("`_core.changes.listen` is not a function");
  if (typeof core.createLink !== "function") problems.push("`_core.createLink` is not a function");
  if (!(core.root?.children instanceof Map)) problems.push("`_core.root.children` is not a Map");
  if (problems.length > 0 || !superblockOf(vol)) return problems;

  const seen: InternalChange[] = [];
  const stop = listenToInternalChanges(vol, (change) => seen.push(change));
  vol.mkdirSync("/d");
  vol.writeFileSync("/d/a.txt", "abc");
  vol.writeFileSync("/d/a.txt", "abcd");
  vol.renameSync("/d/a.txt", "/d/b.txt");
  vol.writeFileSync("/d/c.txt", "x");
  vol.unlinkSync("/d/c.txt");
  stop?.();
  const expected: InternalChange[] = [
    { type: "create", path: "/d" },
    { type: "create", path: "/d/a.txt" },
    { type: "modify", path: "/d/a.txt" },
    { type: "move", path: "/d/b.txt", oldPath: "/d/a.txt" },
    { type: "create", path: "/d/c.txt" },
    { type: "modify", path: "/d/c.txt" },
    { type: "delete", path: "/d/c.txt" },
  ];
  // An overwrite reports its truncation and its write: repeats in a row count once.
  const distinct = seen.filter((change, i) => JSON.stringify(change) !== JSON.stringify(seen[i - 1]));
  if (JSON.stringify(distinct) !== JSON.stringify(expected))
    problems.push(
      `\`_core.changes\` events (type numbers, steps, oldSteps) changed: got ${JSON.stringify(distinct)}, expected ${JSON.stringify(expected)}`,
    );

  const view = storedBytesView(vol, "/d/b.txt");
  if (!view || new TextDecoder().decode(view) !== "abcd")
    problems.push(
      "a file node's `buf`/`size`/`canRead()` or `getResolvedLinkOrThrow` changed: no stored view",
    );
  try {
    const tree = internalTree(vol);
    const names = tree?.readdir("/d").map((entry) => `${entry.name}:${entry.kind}`);
    if (names?.join() !== "b.txt:file" || !tree?.isDirectory("/d"))
      problems.push(
        `\`link.children\` or the node's is*() methods changed: /d lists ${JSON.stringify(names)}`,
      );
    vol.symlinkSync("/d", "/l");
    if (new TextDecoder().decode(tree?.readFile("/l/b.txt")) !== "abcd")
      problems.push("`_core.getResolvedLink` no longer follows a symlink to the file");
    const builder = internalBuilder(vol);
    builder?.dir("/d/made");
    builder?.file("/d/made/f.bin", new Uint8Array([7, 0, 9]));
    const made = vol.readFileSync("/d/made/f.bin") as Uint8Array;
    if (made.length !== 3 || made[2] !== 9 || !vol.statSync("/d/made").isDirectory())
      problems.push("`_core.createLink` or a node's `setBuffer` changed: a built file does not read back");
  } catch (error) {
    problems.push(`walking the tree threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}
