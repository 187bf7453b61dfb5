/**
 * A `?scenario=<url>` link, the page's side: someone else's files and steps, so it asks as a share link
 * does before it replaces the learner's work (replace, open as a new workspace, or keep), with the same
 * question (ui/Share/link-question.ts). The parameter is taken off the address once read, so a reload
 * (the one "Bring back the files from before the reset" makes, too) does not open it again.
 *
 * It asks when the workspace holds the learner's work: one restored from storage, or any workspace once
 * the page has been used (a link reached by going back or forward). A first visit's fresh workspace has
 * nothing to lose, so a presenter's link opens at once there.
 */
import { diffFiles } from "@agent/file-changes";
import type { Scenario, ScenarioFiles } from "@agent/scenario";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import type { Choice, Question } from "@state/confirmations";
import { uniqueName } from "@state/unique-name";
import type { LinkSummary } from "@ui/Share/share-handle";

/** The address a learner chose to open as a new workspace, kept in this tab across the reload into it. */
export const KEPT_SCENARIO_LINK_KEY = "pi-playground:kept-scenario-link";
/** How long the page waits to hear whether the workspace was restored before it asks anyway. */
export const RESTORE_WAIT_MS = 10_000;

export interface ScenarioLinkDeps {
  /** page-session's openScenarioLink: fetches, asks `consent`, loads (a failure is a notice) */
  open(url: string, consent?: (scenario: Scenario) => Promise<boolean>): Promise<boolean>;
  /** the address's query (location.search) and a way to take `scenario` off it */
  address: { search(): string; replace(search: string): void };
  /** whether this tab's workspace was restored from storage; null until the worker has said */
  restored(): boolean | null;
  /** calls back when `restored` may have changed */
  onRestore(listener: () => void): () => void;
  /** the workspaces' names, and a new one this tab reloads into (null: no saved workspaces here) */
  workspaces: {
    names(): readonly string[];
    create(name: string, beforeReload: () => void): Promise<void>;
  } | null;
  /** the link's question, in the page's language, and the dialog that asks it */
  question(summary: LinkSummary, canOpenAsNew: boolean): Question;
  choose(question: Question): Promise<Choice>;
  /** the default name of a workspace opened from a link with no title */
  newName(): string;
  /** saves what waits to be saved, so what a replace keeps for "Bring back" is the latest */
  flush(): Promise<unknown>;
  /** the default workspace's files (a scenario without files of its own starts there) */
  presetFiles(): Promise<ScenarioFiles>;
  /** the workspace's files now, which the question compares with the scenario's; null if unknown */
  currentFiles(): Promise<ScenarioFiles | null>;
  tab: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  setTimeout(run: () => void, ms: number): unknown;
}

export function createScenarioLinks(deps: ScenarioLinkDeps) {
  /** Resolves once the worker said whether it restored the workspace (or after RESTORE_WAIT_MS: unknown). */
  function restored(): Promise<boolean | null> {
    if (deps.restored() !== null) return Promise.resolve(deps.restored());
    return new Promise((resolve) => {
      const stop = deps.onRestore(() => {
        if (deps.restored() === null) return;
        stop();
        resolve(deps.restored());
      });
      deps.setTimeout(() => {
        stop();
        resolve(deps.restored());
      }, RESTORE_WAIT_MS);
    });
  }

  async function summary(scenario: Scenario): Promise<LinkSummary> {
    const files = scenario.workspace?.files ?? (await deps.presetFiles());
    const current = await deps.currentFiles().catch(() => null);
    return {
      source: "scenario",
      learnerTools: [],
      files: Object.keys(files).length,
      // Unknown workspace: every file of the scenario is named as one it brings.
      changes: diffFiles(current ?? {}, files),
      tools: scenario.tools?.active ?? [...DEFAULT_TOOL_NAMES],
      scenario: scenario.title,
      steps: scenario.steps.length,
    };
  }

  /** The learner's answer: true to replace; a new workspace (reloaded into) and "keep" are false. */
  async function consent(url: string, scenario: Scenario, later: boolean): Promise<boolean> {
    // Unknown (the worker did not say): asked, as when there is work to lose.
    if (!later && (await restored()) === false) return true;
    const workspaces = deps.workspaces;
    const choice = await deps.choose(deps.question(await summary(scenario), workspaces !== null));
    if (choice === "confirm") {
      await deps.flush();
      return true;
    }
    if (choice === "alternative" && workspaces) {
      const name = uniqueName(scenario.title || deps.newName(), workspaces.names());
      await workspaces.create(name, () => store(() => deps.tab?.setItem(KEPT_SCENARIO_LINK_KEY, url)));
    }
    return false;
  }

  return {
    /**
     * Opens the address's `?scenario=` link, if it has one, and takes it off the address. `later`: the
     * page was in use before (going back or forward to a link), so it asks whatever the workspace holds.
     */
    openFromAddress(later: boolean): Promise<boolean> {
      const params = new URLSearchParams(deps.address.search());
      const url = params.get("scenario");
      if (!url) return Promise.resolve(false);
      params.delete("scenario");
      const rest = params.toString();
      deps.address.replace(rest ? `?${rest}` : "");
      return deps.open(url, (scenario) => consent(url, scenario, later));
    },
    /** The link the learner chose to open as this new workspace, before the reload: loaded unasked, once. */
    openKept(): Promise<boolean> {
      const url = store(() => deps.tab?.getItem(KEPT_SCENARIO_LINK_KEY) ?? null);
      if (!url) return Promise.resolve(false);
      store(() => deps.tab?.removeItem(KEPT_SCENARIO_LINK_KEY));
      return deps.open(url);
    },
  };
}

/** Storage that is disabled (some private modes) throws: then nothing is kept. */
function store<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}
