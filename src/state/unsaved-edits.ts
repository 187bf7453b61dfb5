import { createStore, immediate, type Store } from "./store";

export interface UnsavedEdits extends Store<readonly string[]> {
  /** the editor of `path` has (or no longer has) typing that is not saved */
  mark(path: string, unsaved: boolean): void;
}

/**
 * Which workspace files have unsaved typing in the editor: the page asks before a reset or a scenario
 * replaces the workspace under them. Kept outside the event stream: it is the page's, not the session's.
 */
export function createUnsavedEdits(): UnsavedEdits {
  const store = createStore<readonly string[]>([], immediate);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    mark(path, unsaved) {
      store.update((paths) => {
        const has = paths.includes(path);
        if (has === unsaved) return paths;
        return unsaved ? [...paths, path] : paths.filter((p) => p !== path);
      });
    },
  };
}
