import type { ModelChoice } from "@agent/drivers/model-presets";
import type { ConnectionAnswer } from "@agent/drivers/provider-errors";
import type { LearnerToolEntry, LearnerToolProblem } from "@agent/events";
import type { FileContent, SessionCommand, VolumeListing } from "@agent/protocol";
import type { ScenarioTranslations } from "@agent/scenario";
import type { CompromiseDemo } from "@core/tools/mini-pi/compromises";
import type { PiVersionId } from "@core/versions/ids";
import type { Confirmations } from "@state/confirmations";
import type { ExerciseId, ExerciseReport } from "@state/exercises";
import type { PrefsStore } from "@state/prefs";
import type { RestoredWorkspace } from "@state/restored-player";
import type { SelectionStore } from "@state/selection";
import type { SessionStores } from "@state/session-stores";
import type { Store, WritableStore } from "@state/store";
import type { UnsavedEdits } from "@state/unsaved-edits";
import { createContext, useContext } from "react";

export interface ScenarioEntry {
  /** file name under public/scenarios */
  file: string;
  title: string;
  description: string;
  /** the title and description in the page's other languages (English when a language has none) */
  translations?: ScenarioTranslations;
}

/** The Model tab's fields (the key apart): a preset's values, as the learner edited them. */
export interface ModelSettings extends ModelChoice {
  /** the preset they started from */
  preset: string;
}

/** Model mode on the page: the provider context that holds the key, and the Model tab's fields. */
export interface ModelHandle {
  /** the key as shown (••••last4), or null when none is set; the key itself never leaves the context */
  keyHint: Store<string | null>;
  /** holds the key in this tab's memory (an empty string forgets it) */
  setKey(key: string): void;
  /** the learner opted in to keeping the key in this browser's storage (its own entry) */
  remember: Store<boolean>;
  setRemember(on: boolean): void;
  /** one tiny request with no retries: what it found, for the page to word */
  testConnection(choice: ModelChoice): Promise<ConnectionAnswer>;
  settings: WritableStore<ModelSettings>;
  /**
   * pi-ai's body for the request the session would send next to this model, and its headers (the key
   * masked), built without sending anything
   */
  preview?(
    choice: ModelChoice,
  ): Promise<{ body: unknown; headers: [string, string][]; piVersion?: PiVersionId }>;
}

/** The tool editor's commands (src/app/page/learner-tools/page-tools.ts). */
export interface LearnerToolsHandle {
  /** compiles the file in the session (none of its code runs) and answers its problems, at their lines */
  check(source: string): Promise<LearnerToolProblem[]>;
  /** registers the file's tools (the answer arrives as an event); `replace`: take a built-in's place */
  register(source: string, replace?: boolean): void;
  remove(name: string): void;
  /** tool files that arrived from someone else's link: shown, registered only when the learner accepts */
  offers: Store<readonly LearnerToolEntry[]>;
  /** a link loader hands its tool files here; nothing runs until accept */
  offer(tools: readonly LearnerToolEntry[]): void;
  accept(name: string): void;
  /** every offered file, in the order offered */
  acceptAll(): void;
  /** drops the offer: a declined file is not kept anywhere */
  dismiss(name: string): void;
  /** the editor's starter files (their labels are the toolEditor namespace's template_<id>) */
  templates: readonly { id: string; source: string }[];
}

/** The lessons' code exercises (src/app/page/lessons/page-exercises.ts). */
export interface ExercisesHandle {
  /** the exercise's starting file */
  skeleton(id: ExerciseId): string;
  /** compiles the file (none of its code runs) and answers its problems, at their lines */
  check(source: string): Promise<LearnerToolProblem[]>;
  /** runs the page's tests against the file, in a worker of their own that an endless loop cannot keep */
  run(id: ExerciseId, source: string): Promise<ExerciseReport>;
}

/**
 * The session itself: its stores to read and the commands and questions that reach it. While an
 * imported events file is shown, ReplaySession puts the file's stores here and drops the commands.
 */
export interface SessionHandle {
  stores: SessionStores;
  send(command: SessionCommand): void;
  /** Esc / Abort: asks the session, and replaces the worker if the call does not end (150 ms on a busy thread, 2 s on a free one) */
  abort(): void;
  /** a workspace file's content, asked of the session (it never travels in the event stream) */
  readFile(path: string): Promise<FileContent>;
  /** the whole volume's paths, /workspace and the system around it */
  listVolume(): Promise<VolumeListing>;
  /** a compromise-table row run on pi's and on mini-pi's handlers, in fresh sessions of its own */
  runCompromise(id: string): Promise<CompromiseDemo>;
  /** puts back the preset files, asking first when the editor has unsaved edits; false when kept */
  resetFiles(): Promise<boolean>;
  /** downloads the event log as JSON Lines */
  exportEvents(): void;
}

/** The scenarios: the shipped list, loading one, saving the conversation as one. */
export interface ScenariosHandle {
  /** the scenarios shipped with the page (loaded once) */
  scenarios: Store<readonly ScenarioEntry[]>;
  /** the scenario file being fetched after a pick, or null: Play waits for it (else it plays the old one) */
  scenarioLoading: Store<string | null>;
  /**
   * fetches a scenario file and loads it into the session: clean (the conversation, timeline and counters
   * start over) unless `keepHistory`. Asks first when the editor has unsaved edits; false when the learner
   * chose to keep editing. `restart` only changes the question's words. `initial`: the first visit's own
   * pick, which gives way to a `?scenario=` link that loaded.
   */
  loadScenario(
    file: string,
    options?: { keepHistory?: boolean; restart?: boolean; initial?: boolean },
  ): Promise<boolean>;
  /** "Save as scenario": downloads the conversation so far as `<title>.scenario.json` */
  saveScenario(): Promise<void>;
  /** the saved workspace this load restored, and the scenario it had loaded (the player names it) */
  restored: Store<RestoredWorkspace>;
}

// Each context carries an instance that never changes, never a changing value: a value that changes in
// context would re-render every component that reads the context, at every change. The changing parts
// are stores, read with useStore.
const SessionContext = createContext<SessionHandle | null>(null);
const ScenariosContext = createContext<ScenariosHandle | null>(null);
const PrefsContext = createContext<PrefsStore | null>(null);
const SelectionContext = createContext<SelectionStore | null>(null);
const ConfirmationsContext = createContext<Confirmations | null>(null);
const UnsavedContext = createContext<UnsavedEdits | null>(null);

export const SessionProvider = SessionContext.Provider;
export const ScenariosProvider = ScenariosContext.Provider;
export const PrefsProvider = PrefsContext.Provider;
export const SelectionProvider = SelectionContext.Provider;
export const ConfirmationsProvider = ConfirmationsContext.Provider;
export const UnsavedProvider = UnsavedContext.Provider;

function required<T>(value: T | null, hook: string): T {
  if (value === null)
    throw new Error(
      `[playground/ui] ${hook} needs its provider (<SessionProviders> from src/ui/SessionProviders; in tests, session-context.test-support.tsx).`,
    );
  return value;
}

export const useSession = (): SessionHandle => required(useContext(SessionContext), "useSession");
export const useScenarios = (): ScenariosHandle => required(useContext(ScenariosContext), "useScenarios");
export const usePrefs = (): PrefsStore => required(useContext(PrefsContext), "usePrefs");
export const useSelection = (): SelectionStore => required(useContext(SelectionContext), "useSelection");
/** the page's open question (before work is lost), answered by the dialog */
export const useConfirmations = (): Confirmations =>
  required(useContext(ConfirmationsContext), "useConfirmations");
/** the files with unsaved typing in the editor */
export const useUnsaved = (): UnsavedEdits => required(useContext(UnsavedContext), "useUnsaved");
