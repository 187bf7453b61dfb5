/**
 * What "Save as scenario" needs beside the transcript, apart from the session: the files and tools the
 * conversation started from and the tool set of each of its runs, and the scenario built from them.
 */
import type { ToolState } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import type { ScenarioFiles, ScenarioTools } from "@agent/scenario";
import { type RecordedRun, scenarioFromRecording } from "@agent/scenario-record";
import type { AnyToolDefinition } from "@core/tools/types";

/** What the recording reads from the session. */
export interface RecordingHost {
  transcript(): AgentMessage[];
  filesMap(): ScenarioFiles;
  tools(): ScenarioTools;
}

/** The tool set as the scenario format writes it. */
export function scenarioTools(
  definitions: readonly AnyToolDefinition[],
  states: Record<string, ToolState>,
): ScenarioTools {
  const named = (state: ToolState) => definitions.filter((d) => states[d.name] === state).map((d) => d.name);
  const hidden = named("hidden");
  return { active: named("active"), ...(hidden.length > 0 ? { hidden } : {}) };
}

export class SessionRecording {
  private recording: { files: ScenarioFiles; tools: ScenarioTools; runs: RecordedRun[] } | undefined;

  constructor(private readonly host: RecordingHost) {}

  /** Notes a run's start; the first run of a transcript also keeps the files and tools it starts from. */
  record() {
    if (this.host.transcript().length === 0 || !this.recording)
      this.recording = { files: this.host.filesMap(), tools: this.host.tools(), runs: [] };
    this.recording.runs.push({ at: this.host.transcript().length, tools: this.host.tools() });
  }

  /**
   * The conversation so far as a scenario file: the workspace and tools it started from, then its user
   * and assistant messages. With no conversation yet, the current workspace and tools and no steps.
   */
  save(title?: string) {
    const transcript = this.host.transcript();
    const recording =
      transcript.length > 0 && this.recording
        ? this.recording
        : { files: this.host.filesMap(), tools: this.host.tools(), runs: [] };
    const first = transcript.find((m) => m.role === "user");
    const said = first
      ? typeof first.content === "string"
        ? first.content
        : first.content.map((c) => (c.type === "text" ? c.text : "")).join(" ")
      : "";
    const fallback =
      said.trim() === "" ? "Saved conversation" : said.trim().replace(/\s+/g, " ").slice(0, 60);
    return scenarioFromRecording({ ...recording, title: title?.trim() || fallback, transcript });
  }
}
