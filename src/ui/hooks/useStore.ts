import type { Store } from "@state/store";
import { useSyncExternalStore } from "react";

/** Reads a framework-free store; the selector must return a stable value for an unchanged snapshot. */
export function useStore<T, S = T>(
  store: Store<T>,
  select: (snapshot: T) => S = (s) => s as unknown as S,
): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getSnapshot()),
    () => select(store.getSnapshot()),
  );
}
