/**
 * The session's tools: pi's definitions built over the backends, the handler each name points at, the
 * learner's tools merged in, each tool's state, and the prompt and dispatch table they make. A new
 * backend, workspace or drill means new definitions (new closures; a call already running keeps its old
 * tool).
 */
import type { Emit, ToolState } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import type { ScenarioTools } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import { type HandlerSet, PI_HANDLER } from "@core/tools/handlers";
import type { ToolsOptions } from "@core/tools/index";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import type { AnyToolDefinition } from "@core/tools/types";
import {
  DEFAULT_PI_VERSION,
  listedOnlyTools,
  type PiVersionProfile,
  piVersionProfile,
} from "@core/versions/index";
import type { BackendChoice } from "./session-backends";
import { HandlerChoice, LEARNER_HANDLER } from "./session-handlers";
import { PromptTracker } from "./session-prompt";
import { type BackendOf, createPlaygroundTools } from "./tools";

/**
 * Makes the tools, each over the backend `backendOf` names for it (the session's one, by default);
 * `wrap` is the drill in force (the faulty disk): a factory passes its tools' Operations through it.
 */
export type ToolFactory = (
  backendOf: BackendOf,
  queue: FileMutationQueue,
  wrap: (options: ToolsOptions) => ToolsOptions,
) => AnyToolDefinition[];

export const DEFAULT_TOOL_STATES: Record<string, ToolState> = Object.fromEntries(
  DEFAULT_TOOL_NAMES.map((name) => [name, "active"]),
);

/** What the table needs from outside the session: the learner's tools and the drill in force. */
export interface ToolTableDeps {
  emit: Emit;
  createTools?: ToolFactory;
  /** wraps the tools' Operations (pi's and mini-pi's alike) before they are closed over */
  decorateToolOptions?: (options: ToolsOptions) => ToolsOptions;
  /** the drill in force over the Operations (untouched when it is off) */
  wrap(options: ToolsOptions, root: string): ToolsOptions;
  /** the learner's tools (learner-tools/session-learner.ts) */
  learner: {
    merge(builtins: AnyToolDefinition[]): AnyToolDefinition[];
    handlers(): HandlerSet;
  };
}

export class ToolTable {
  private choice!: BackendChoice;
  private queue!: FileMutationQueue;
  /** pi's definitions as built; `definitions` is them with the chosen handlers in place */
  private piDefinitions: AnyToolDefinition[] = [];
  private definitions: AnyToolDefinition[] = [];
  /** which handler each tool name points at (session-handlers.ts) */
  readonly handlers = new HandlerChoice();
  private states: Record<string, ToolState> = { ...DEFAULT_TOOL_STATES };
  /** the pi version whose tools and prompt these are */
  private version: PiVersionProfile = piVersionProfile(DEFAULT_PI_VERSION);
  prompt = new PromptTracker(this.version.prompt);

  constructor(private readonly deps: ToolTableDeps) {}

  get piVersion(): PiVersionProfile {
    return this.version;
  }

  /**
   * Another pi version: its tools over the same backends and its prompt, rendered afresh (the sections of
   * one version are no patch of the other's). The caller refreshes once the table is built.
   */
  setVersion(version: PiVersionProfile) {
    this.version = version;
    this.prompt = new PromptTracker(version.prompt);
    if (this.choice) this.rebuild();
  }

  /** New tools over `choice` (a new workspace or backend). */
  build(choice: BackendChoice, queue: FileMutationQueue) {
    this.choice = choice;
    this.queue = queue;
    this.rebuild();
  }

  /**
   * pi's tools over the backends, each tool's Operations passed through the host's decoration (the
   * compromise demos record calls so) and the drill in force; then the chosen handlers put in place.
   */
  rebuild() {
    const { home } = this.choice;
    const decorate = this.deps.decorateToolOptions ?? ((o: ToolsOptions) => o);
    const profile = this.version.tools;
    const wrap = (o: ToolsOptions) => ({ ...this.deps.wrap(decorate(o), home.root), profile });
    const create =
      this.deps.createTools ?? ((backendOf, queue) => createPlaygroundTools(backendOf, queue, {}, wrap));
    this.piDefinitions = create(this.choice.of, this.queue, wrap);
    this.handlers.build(home.root, wrap(home.toolOptions(this.queue)));
    this.definitions = this.compose();
  }

  /** pi's tools with the chosen handlers in place, then the learner's tools merged in. */
  private compose(): AnyToolDefinition[] {
    return this.deps.learner.merge(this.handlers.apply(this.piDefinitions));
  }

  /** The prompt and the dispatch table again, after the tools, the workspace or the backend changed. */
  refresh(reason: "init" | "tools" | "workspace") {
    // A tool the version lists but never offers runs nowhere: its row names the workspace's backend.
    const listedOnly = new Set<string>(listedOnlyTools(this.version.tools).map((t) => t.name));
    const backendOf = (tool: string) =>
      (listedOnly.has(tool) ? this.choice.home : this.choice.of(tool)).description;
    const { definitions, states, choice } = this;
    this.prompt.refresh(reason, definitions, states, choice.home, this.deps.emit, backendOf, (name) =>
      listedOnly.has(name) ? { ...this.handlerRow(name), listedOnly: true as const } : this.handlerRow(name),
    );
  }

  /** A row on the learner's handler is marked as theirs: the table shows whose execute runs. */
  private handlerRow(name: string) {
    const row = this.handlers.row(name);
    return row.handler === LEARNER_HANDLER ? { ...row, origin: "learner" as const, replaces: name } : row;
  }

  /** The tools a run gives the loop: every one not off. */
  executable(): AnyToolDefinition[] {
    return this.definitions.filter((d) => (this.states[d.name] ?? "off") !== "off");
  }

  /** Whether a tool is declared to a model (active; a hidden one runs when called but is not declared). */
  isDeclared(name: string): boolean {
    return this.states[name] === "active";
  }

  builtinNames(): string[] {
    return this.piDefinitions.map((d) => d.name);
  }

  /** A scenario file names pi's tools only (its schema lists them): the learner's own stay out of it. */
  scenarioTools(): ScenarioTools {
    return scenarioTools(this.piDefinitions, this.states);
  }

  /** Every tool's state as the scenario format writes it, the learner's included (what a link carries). */
  allTools(): ScenarioTools {
    return scenarioTools(this.definitions, this.states);
  }

  /** The tools' states now (a saved workspace keeps them). */
  toolStates(): Record<string, ToolState> {
    return { ...this.states };
  }

  setToolStates(states: Record<string, ToolState>) {
    this.states = { ...states };
    this.refresh("tools");
  }

  setToolState(name: string, state: ToolState) {
    if (!this.definitions.some((d) => d.name === name)) throw unknownTool(name);
    const listed = listedOnlyTools(this.version.tools).find((t) => t.name === name);
    if (listed && state !== "off")
      throw new SessionFault(
        { code: "notOffered", name },
        `${name} cannot be switched on: ${listed.note ?? "the playground never offers it to the model."}`,
      );
    this.setToolStates({ ...this.states, [name]: state });
  }

  applyScenarioTools(tools: ScenarioTools) {
    const states: Record<string, ToolState> = {};
    // A scenario names pi's tools only: the learner's own keep their state, so a scenario can call them.
    const builtin = new Set(this.builtinNames());
    for (const d of this.definitions)
      states[d.name] = builtin.has(d.name) ? "off" : (this.states[d.name] ?? "active");
    for (const name of tools.active) states[name] = "active";
    for (const name of tools.hidden ?? []) states[name] = "hidden";
    this.setToolStates(states);
  }

  /**
   * Points a tool's name at another handler. The definition stays, so the prompt does not change: only
   * the table does (tool_handler_changed), and the next call runs the new handler.
   */
  setToolHandler(name: string, handler: string) {
    if (!this.piDefinitions.some((d) => d.name === name)) throw unknownTool(name);
    const previous = this.handlers.set(name, handler);
    this.definitions = this.compose();
    if (previous === handler) return;
    this.deps.emit({ type: "tool_handler_changed", name, handler, previous });
    // The row says whose execute runs: moving onto or off the learner's own marks or unmarks it.
    if (handler === LEARNER_HANDLER || previous === LEARNER_HANDLER) this.refresh("tools");
  }

  /**
   * Offers another handler source in the table's pickers (a learner's tool registered as a replacement
   * for a built-in name), or removes one (its tools fall back to pi's handler). The rows go out again.
   */
  setHandlerSource(id: string, handlers: HandlerSet | undefined) {
    this.handlers.setSource(id, handlers);
    this.definitions = this.compose();
    this.refresh("tools");
  }

  /**
   * The learner's tools changed: `added` are new names (switched on), `removed` names gone, `replaced`
   * built-in names whose row now runs the learner's execute.
   */
  learnerToolsChanged(added: string[], removed: string[], replaced: string[]) {
    this.learnerHandlers(replaced);
    this.definitions = this.compose();
    const states = { ...this.states };
    for (const name of added) states[name] = "active";
    for (const name of removed) delete states[name];
    this.setToolStates(states);
  }

  /**
   * The learner's tools named like a built-in are offered as that row's "learner" handler; `chosen`
   * (just registered as a replacement) are pointed at it, which the table is told of as any swap.
   */
  private learnerHandlers(chosen: readonly string[]) {
    const before = Object.fromEntries(this.piDefinitions.map((d) => [d.name, this.handlers.of(d.name)]));
    this.handlers.setSource(LEARNER_HANDLER, this.deps.learner.handlers());
    for (const name of chosen) this.handlers.set(name, LEARNER_HANDLER);
    for (const [name, previous] of Object.entries(before)) {
      const handler = this.handlers.of(name);
      if (handler !== previous) this.deps.emit({ type: "tool_handler_changed", name, handler, previous });
    }
  }

  /** A starting worker's saved states, before the table first goes out (init). */
  restoreStates(states: Record<string, ToolState>) {
    this.states = { ...DEFAULT_TOOL_STATES, ...states };
  }

  /** A starting worker's handler choices over pi's and mini-pi's sources. */
  restoreHandlers(choice: Record<string, string>) {
    this.handlers.restore(choice);
    this.definitions = this.compose();
  }

  /**
   * After the learner's tools registered again: their saved states (registering switches a tool on)
   * and the handler choices that needed them (a row on the learner's handler), as they were saved.
   */
  restoreChoices(command: Extract<SessionCommand, { type: "init" }>) {
    if (command.handlers) {
      const choice = { ...command.handlers };
      for (const d of this.piDefinitions) choice[d.name] ??= PI_HANDLER;
      this.learnerHandlers([]);
      this.restoreHandlers(choice);
    }
    const known = new Set(this.definitions.map((d) => d.name));
    const saved = Object.entries(command.tools ?? {}).filter(([name]) => known.has(name));
    this.setToolStates({ ...this.states, ...Object.fromEntries(saved) });
  }
}

/** The tool set as the scenario format writes it. */
function scenarioTools(
  definitions: readonly AnyToolDefinition[],
  states: Record<string, ToolState>,
): ScenarioTools {
  const named = (state: ToolState) => definitions.filter((d) => states[d.name] === state).map((d) => d.name);
  const hidden = named("hidden");
  return { active: named("active"), ...(hidden.length > 0 ? { hidden } : {}) };
}

const unknownTool = (name: string) =>
  new SessionFault({ code: "unknownTool", name }, `Unknown tool: ${name}`);
