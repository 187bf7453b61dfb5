/**
 * The last thing the files-and-links controls have to say (an import's report, a link made, a refusal),
 * shared by the controls and the drop zone around the tree. One store per share handle.
 */
import { createStore, type WritableStore } from "@state/store";
import type { ImportReport, ShareHandle } from "./share-handle";

export type ShareStatus =
  | { kind: "report"; report: ImportReport }
  | { kind: "cancelled" }
  | { kind: "reading" }
  | {
      kind: "message";
      tone: "ok" | "error";
      key: string;
      values?: Record<string, string | number>;
      /** a second sentence after the first */
      also?: string;
    };

const stores = new WeakMap<ShareHandle, WritableStore<ShareStatus | null>>();

export function shareStatus(handle: ShareHandle): WritableStore<ShareStatus | null> {
  let store = stores.get(handle);
  if (!store) {
    store = createStore<ShareStatus | null>(null);
    stores.set(handle, store);
  }
  return store;
}
