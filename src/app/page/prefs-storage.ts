/** The page's preferences in localStorage: read once at start, written once a burst of changes pauses. */
import type { PrefsStore } from "@state/prefs";
import type { Timers } from "./page-session";

export const PREFS_KEY = "pi-playground:prefs";
/** A resize drag changes the columns on every pointermove: storage is written once the changes pause. */
export const PREFS_WRITE_DELAY_MS = 300;

/** Reads the stored preferences (anything: parsePrefs keeps what is valid), or null. */
export function readStoredPrefs(storage: Pick<Storage, "getItem"> | null): unknown {
  try {
    return JSON.parse(storage?.getItem(PREFS_KEY) ?? "null");
  } catch {
    return null;
  }
}

/** Keeps `prefs` in storage, written once changes pause; returns a flush for page hide. */
export function persistPrefs(prefs: PrefsStore, storage: Pick<Storage, "setItem"> | null, timers: Timers) {
  let pending: unknown;
  const write = () => {
    pending = undefined;
    try {
      storage?.setItem(PREFS_KEY, JSON.stringify(prefs.getSnapshot()));
    } catch {
      // private mode or a full quota: the settings just do not survive a reload
    }
  };
  prefs.subscribe(() => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(write, PREFS_WRITE_DELAY_MS);
  });
  return () => {
    if (pending === undefined) return;
    timers.clearTimeout(pending);
    write();
  };
}
