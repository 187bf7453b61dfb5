/**
 * The kinds of backend the tools can run on, and what each one means for the rest of the house: one table,
 * so that no file decides what a backend can do by reading its id ("webcontainer (fake)" is a webcontainer).
 *
 * Why in core/: it is plain data about backends, not a backend. The page's layers (ui/, state/) may not
 * import backends/ (that would put engines in reach of React), yet the picker, the dispatch table's badge
 * and the compare dialog all need to know a kind's label or whether it needs the page's isolation. core/ is
 * the one layer every other may import, and this file imports nothing, so it costs core nothing.
 */

/** Every kind, in the order the page offers them. */
export const BACKEND_KINDS = ["memfs", "webcontainer"] as const;

export type BackendKind = (typeof BACKEND_KINDS)[number];

export interface BackendKindFacts {
  /** how the page names the kind (a product name, the same in every language) */
  label: string;
  /**
   * whether it needs the page's cross-origin isolation (SharedArrayBuffer): such a backend is booted by
   * the page, after the page checked its prerequisites, and reached from the worker through a port
   */
  needsIsolation: boolean;
  /**
   * whether the worker's memfs volume is where the files really live: if not, the worker's view is a copy
   * that must settle after a call before it is snapshotted
   */
  filesInWorker: boolean;
  /** whether the picker offers running only bash there, the other tools staying on memfs over the same files */
  offersBashOnly: boolean;
}

export const BACKEND_KIND: Readonly<Record<BackendKind, BackendKindFacts>> = {
  memfs: {
    label: "memfs",
    needsIsolation: false,
    filesInWorker: true,
    offersBashOnly: false,
  },
  webcontainer: {
    label: "WebContainer",
    needsIsolation: true,
    filesInWorker: false,
    offersBashOnly: true,
  },
};

/**
 * The kind an event or a stored record names, checked: an exported log from before events carried the
 * kind, or a hand-edited one, holds none or a stranger, and those are read as memfs (where every session starts).
 */
export function backendKindOr(kind: unknown, otherwise: BackendKind = "memfs"): BackendKind {
  return typeof kind === "string" && (BACKEND_KINDS as readonly string[]).includes(kind)
    ? (kind as BackendKind)
    : otherwise;
}
