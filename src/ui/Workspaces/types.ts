/**
 * What the workspaces menu and the save indicator show, and what they can ask for. The page's side
 * (src/app/page/persist/page-persist.ts) implements it; the components word its codes in the page's language.
 */
import type { PersistMode, RestoreOutcome, SaveFailure } from "@agent/persist-protocol";
import type { Store } from "@state/store";
import { createContext, useContext } from "react";

export interface WorkspaceEntry {
  id: string;
  name: string;
  createdAt: number;
}

export type SaveState =
  | { kind: "starting" }
  | { kind: "saving" }
  | { kind: "saved"; at: number; bytes: number }
  | { kind: "not_saved"; reason: SaveFailure | "read-only"; detail?: string };

/** Something the learner asked for that did not happen, as a code the UI words. */
export interface WorkspacesProblem {
  code: "quota" | "unavailable" | "inUse" | "error" | "copyFailed" | "nothingToBringBack" | "emptyName";
  detail?: string;
}

export interface WorkspacesView {
  current: WorkspaceEntry | null;
  list: readonly WorkspaceEntry[];
  /** "read-only": another tab has this workspace open; this one does not save */
  mode: PersistMode;
  save: SaveState;
  /** how the workspace came back at load (null until the worker says) */
  restore: RestoreOutcome | null;
  usage: { used: number; quota: number } | null;
  /** the browser agreed to keep the data under storage pressure (null: not asked or not supported) */
  persisted: boolean | null;
  /** the workspace from before the last reset can be brought back */
  canBringBack: boolean;
  problem: WorkspacesProblem | null;
  /** an action is under way (the page reloads at its end) */
  busy: boolean;
  /** read-only: when the tab that holds this workspace last saved it since this tab opened (else null) */
  otherTabSavedAt: number | null;
}

export interface WorkspacesHandle {
  view: Store<WorkspacesView>;
  /**
   * Adds a workspace and opens it (the page saves this one, then reloads into it). `beforeReload` runs
   * after the save, just before the reload: a share link opened as a new workspace is kept for the next
   * load there.
   */
  create(name: string, beforeReload?: () => void): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  duplicate(id: string, name: string): Promise<void>;
  /** deletes it (the menu asks first); never the one open in this tab, nor one open in another tab */
  remove(id: string): Promise<void>;
  switchTo(id: string): Promise<void>;
  /** reloads this tab (read-only: to see what the other tab saved; this tab's changes are lost) */
  reload(): void;
  /** this tab's files (read-only here) as a new workspace of its own, opened in this tab */
  openAsCopy(name: string): Promise<void>;
  /** the workspace from before the last reset, once */
  bringBack(): Promise<void>;
  dismissProblem(): void;
}

export const WorkspacesContext = createContext<WorkspacesHandle | null>(null);

export function useWorkspaces(): WorkspacesHandle | null {
  return useContext(WorkspacesContext);
}
