/**
 * Where picking a backend stands, as the page shows it: codes and values, worded by the page
 * (namespace `backends`). The picker itself lives in src/app/page/backend-page.ts.
 */
import type { SelfTestRow } from "@agent/protocol";
import type { BackendKind } from "@core/backend-kinds";
import type { Store } from "./store";

export type Missing = "isolation" | "sharedArrayBuffer" | "secureContext" | "browser";

export type BackendPick =
  | { status: "idle" }
  | { status: "booting"; limitMs: number }
  | { status: "switching" }
  | { status: "failed"; reason: "missing"; missing: Missing[] }
  | { status: "failed"; reason: "timeout"; limitMs: number }
  /** StackBlitz could not be reached before the boot: said at once, and a later pick may try again */
  | { status: "failed"; reason: "offline" }
  | { status: "failed"; reason: "bootError"; message: string }
  | { status: "failed"; reason: "stuck" };

export interface BackendPicker {
  status: Store<BackendPick>;
  /** Moves the session to memfs, or boots WebContainer first (`tools`: the tools to run in it). */
  pick(backend: BackendKind, tools?: string[]): Promise<void>;
  /** the backend self-test on the backend holding the files: one row per check */
  selfTest?(): Promise<SelfTestRow[]>;
}
