/**
 * "Save as scenario", a feature of its own: what it needs beside the transcript (the files and tools the
 * conversation started from and the tool set of each of its runs, noted as each run starts) and the
 * scenario built from them. It owns the save_scenario question.
 */
import type { ScenarioFiles, ScenarioTools } from "@agent/scenario";
import { type RecordedRun, scenarioFromRecording } from "@agent/scenario-record";
import type { PiVersionId } from "@core/versions/ids";
import type { PlaygroundSession } from "./session";
import type { ToolTable } from "./session-tools";
import type { SessionWorkspace } from "./session-workspace";

/** What the recording reads from the session. */
export type RecordedSession = Pick<PlaygroundSession, "transcript" | "piVersion"> & {
  workspace: Pick<SessionWorkspace, "filesMap">;
  tools: Pick<ToolTable, "scenarioTools">;
};

export class SessionRecording {
  private recording:
    | { files: ScenarioFiles; tools: ScenarioTools; runs: RecordedRun[]; pi: PiVersionId }
    | undefined;

  constructor(private readonly session: RecordedSession) {}

  private start() {
    // The version the conversation started on: the saved scenario plays on it.
    return {
      files: this.session.workspace.filesMap(),
      tools: this.session.tools.scenarioTools(),
      runs: [],
      pi: this.session.piVersion,
    };
  }

  /** Notes a run's start; the first run of a transcript also keeps the files and tools it starts from. */
  record() {
    const { transcript, tools } = this.session;
    if (transcript.length === 0 || !this.recording) this.recording = this.start();
    this.recording.runs.push({ at: transcript.length, tools: tools.scenarioTools() });
  }

  /**
   * The conversation so far as a scenario file: the workspace and tools it started from, then its user
   * and assistant messages. With no conversation yet, the current workspace and tools and no steps.
   */
  save(title?: string) {
    const { transcript } = this.session;
    const recording = transcript.length > 0 && this.recording ? this.recording : this.start();
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
