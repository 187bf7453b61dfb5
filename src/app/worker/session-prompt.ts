/**
 * The session's prompt state: rebuilds the sections when tools or the workspace change, announces the
 * patch and the tool-set change, and produces the system messages the next run carries (the initial
 * one, then section patches and tool declarations, docs/pi-contract.md §7.3).
 */
import type { Emit, ToolRow, ToolState } from "@agent/events";
import type { Backend, BackendDescription } from "@backends/backend";
import { utf8Decode } from "@core/bytes";
import {
  createInitialSystemMessage,
  declareToolChanges,
  findContextFiles,
  findSkills,
  type SystemMessage,
  type SystemPromptSections,
  type SystemPromptState,
  type ToolDeclaration,
  toToolDeclaration,
} from "@core/system-prompt/index";
import { PROMPT_1_6_0, type PromptProfile, toolPromptInputs } from "@core/system-prompt/versions/index";
import type { AnyToolDefinition } from "@core/tools/types";
import { learnerMark } from "./learner-tools/registry";

function reader(ws: Backend) {
  return {
    readFile(path: string) {
      const bytes = ws.readFile(path);
      return bytes === undefined ? undefined : utf8Decode(bytes);
    },
    listFiles(dir: string): string[] {
      const out: string[] = [];
      const walk = (d: string) => {
        for (const n of ws.list(d)) {
          const p = `${d}/${n}`;
          if (ws.isDirectory(p)) walk(p);
          else out.push(p);
        }
      };
      walk(dir);
      return out;
    },
  };
}

export class PromptTracker {
  state: SystemPromptState = { content: "", rules: [], declaredTools: [] };
  declarations: ToolDeclaration[] = [];
  private lastSent: SystemPromptSections | undefined;

  /**
   * The pi version whose prompt is rendered. 1.6.0's until the session picks a version: its sections and
   * their patches are what the page teaches (the tools' own texts still come from their definitions).
   */
  constructor(private readonly profile: PromptProfile = PROMPT_1_6_0) {}

  get content() {
    return this.state.content;
  }

  refresh(
    reason: "init" | "tools" | "workspace",
    definitions: AnyToolDefinition[],
    states: Record<string, ToolState>,
    ws: Backend,
    emit: Emit,
    backendOf: (tool: string) => BackendDescription = () => ws.description,
    handlerOf: (
      name: string,
    ) => Pick<ToolRow, "handler" | "handlers" | "origin" | "replaces" | "listedOnly"> = () => ({}),
  ) {
    const stateOf = (name: string) => states[name] ?? "off";
    const selected = definitions.filter((d) => stateOf(d.name) !== "off").map((d) => d.name);
    const hidden = definitions.filter((d) => stateOf(d.name) === "hidden").map((d) => d.name);
    const r = reader(ws);
    const previous = this.state.sections;
    const previousDeclarations = this.declarations;
    this.state = this.profile.build({
      selectedTools: selected,
      hiddenTools: hidden,
      ...toolPromptInputs(definitions),
      cwd: ws.root,
      contextFiles: findContextFiles(ws.root, r),
      skills: findSkills(ws.root, r),
    });
    this.declarations = definitions
      .filter((d) => this.state.declaredTools.includes(d.name))
      .map(toToolDeclaration);
    const sections = this.state.sections ?? {};
    const patch = reason === "init" ? { ...sections } : this.profile.diff(previous, sections);
    if (patch)
      emit({
        type: "prompt_sections_changed",
        reason,
        sections: Object.entries(sections).map(([name, text]) => ({ name, text, chars: text.length })),
        patch,
        update: this.profile.renderUpdate({ content: "", sections: patch }) ?? "",
        rules: this.state.rules,
        rendered: this.state.content,
        byName: sections,
      });
    const before = new Set(previousDeclarations.map((d) => d.name));
    const after = new Set(this.declarations.map((d) => d.name));
    const added = this.declarations.filter((d) => !before.has(d.name));
    const removed = [...before].filter((n) => !after.has(n));
    if (reason === "init" || added.length > 0 || removed.length > 0 || reason === "tools") {
      const rows: ToolRow[] = definitions.map((d) => ({
        name: d.name,
        label: d.label,
        description: d.description,
        parameters: d.parameters,
        ...(d.promptSnippet ? { promptSnippet: d.promptSnippet } : {}),
        ...(d.promptGuidelines ? { promptGuidelines: d.promptGuidelines } : {}),
        ...(d.executionMode ? { executionMode: d.executionMode } : {}),
        hasPrepareArguments: typeof d.prepareArguments === "function",
        state: stateOf(d.name),
        backend: backendOf(d.name).id,
        backendKind: backendOf(d.name).kind,
        ...handlerOf(d.name),
        ...learnerMark(d),
      }));
      emit({ type: "tool_set_changed", tools: rows, added, removed });
    }
  }

  resetTranscript() {
    this.lastSent = undefined;
  }

  /**
   * What goes before the next run's prompt. `seed`: the conversation's first system message (1.6.0), which
   * pi's Agent holds from the start without announcing it; `pending`: later ones (a prompt patch, tool
   * changes), which pi's loop emits as messages of the run.
   */
  systemMessagesBefore(transcript: ReadonlyArray<{ role: string }>): {
    seed?: SystemMessage;
    pending: SystemMessage[];
  } {
    // 0.73.1 has no system messages: every request carries the whole current prompt instead.
    if (this.profile.transport === "system-prompt") return { pending: [] };
    const sections = this.state.sections ?? {};
    if (!transcript.some((m) => m.role === "system") || this.lastSent === undefined) {
      this.lastSent = sections;
      const seed = createInitialSystemMessage(this.state.content, this.declarations);
      return { ...(seed ? { seed } : {}), pending: [] };
    }
    const patch = this.profile.diff(this.lastSent, sections);
    this.lastSent = sections;
    const pending: SystemMessage[] = patch
      ? [{ role: "system", content: "", sections: patch, timestamp: Date.now() }]
      : [];
    return { pending: declareToolChanges(transcript, pending, this.declarations) as SystemMessage[] };
  }
}
