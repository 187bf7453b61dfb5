/**
 * The learner's tools, a feature of its own: the commands (register, remove, compile, restore at init),
 * the events that report them, and the dispatch table's refresh. playground.ts hands in a narrow host;
 * the session's tool table merges these tools in.
 */
import type { Emit } from "@agent/events";
import { SessionFault } from "@agent/session-fault";
import { createMemfsToolOptions } from "@backends/memfs/index";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import type { HandlerSet } from "@core/tools/handlers";
import type { AnyToolDefinition } from "@core/tools/types";
import type { SandboxConnector } from "../sandbox/link";
import { LearnerTools } from "./registry";
import type { LearnerToolSource, ToolDiagnostic } from "./types";

export interface LearnerHost {
  emit: Emit;
  workspace(): MemfsWorkspace;
  queue(): FileMutationQueue;
  builtinNames(): readonly string[];
  /** where the learner's code runs: a sandbox the session reaches by messages (sandbox/link.ts) */
  sandbox: SandboxConnector;
  /**
   * the merged table changed: `added` are new names (switched on), `removed` names gone, `replaced`
   * built-in names whose row now runs the learner's execute (its "learner" handler, chosen)
   */
  toolsChanged(added: string[], removed: string[], replaced: string[]): void;
}

export class SessionLearnerTools {
  private readonly tools: LearnerTools;
  /** registrations run one at a time, in the order the page sent them */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly host: LearnerHost) {
    this.tools = new LearnerTools(
      {
        workspace: () => host.workspace(),
        queue: () => host.queue(),
        toolOptions: () => createMemfsToolOptions(host.workspace(), { mutationQueue: host.queue() }),
      },
      host.sandbox,
      () => host.builtinNames(),
    );
  }

  merge(builtins: AnyToolDefinition[]) {
    return this.tools.merge(builtins);
  }

  list(): LearnerToolSource[] {
    return this.tools.list();
  }

  check(source: string): Promise<ToolDiagnostic[]> {
    return this.tools.check(source);
  }

  register(source: string, replace = false): Promise<boolean> {
    const run = this.chain.then(() => this.registerNow(source, replace));
    this.chain = run.catch(() => {});
    return run;
  }

  private async registerNow(source: string, replace: boolean): Promise<boolean> {
    const before = new Set(
      this.list()
        .filter((s) => s.enabled)
        .map((s) => s.name),
    );
    const outcome = await this.tools.register(source, { replace });
    if (!outcome.ok) {
      this.host.emit({ type: "learner_tool_rejected", diagnostics: outcome.diagnostics });
      return false;
    }
    this.host.emit({ type: "learner_tool_registered", names: outcome.names, replaces: outcome.replaces });
    this.changed(
      outcome.names.filter((n) => !before.has(n)),
      [],
      outcome.replaces,
    );
    return true;
  }

  remove(name: string) {
    if (!this.tools.remove(name))
      throw new SessionFault({ code: "noLearnerTool", name }, `No tool of yours is named ${name}.`);
    const builtin = this.host.builtinNames().includes(name);
    this.changed([], builtin ? [] : [name], []);
  }

  /** A restarted worker's tools: the enabled files register again, the others are kept switched off. */
  async restore(sources: readonly LearnerToolSource[]) {
    for (const s of sources) {
      if (!s.enabled) {
        this.tools.keepDisabled(s);
        continue;
      }
      const ok = await this.register(s.source, s.replaces !== undefined);
      if (!ok) this.tools.keepDisabled({ ...s, disabledReason: "failed" });
    }
    this.host.emit({ type: "learner_tools_changed", tools: this.list() });
  }

  /** The "learner" handler source: the execute of each of the learner's tools named like a built-in. */
  handlers(): HandlerSet {
    return this.tools.handlers(this.host.builtinNames());
  }

  private changed(added: string[], removed: string[], replaced: string[]) {
    this.host.emit({ type: "learner_tools_changed", tools: this.list() });
    this.host.toolsChanged(added, removed, replaced);
  }
}
