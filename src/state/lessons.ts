/**
 * The lessons' exercises, checked by the page itself from the event stream: each check is a pure
 * function of the events since the learner started the exercise. It answers passed, or a code saying
 * what is missing (the page words it).
 */
import type { SessionEvent } from "@agent/events";

export const LESSONS = [
  { id: "dispatch", scenario: "tool-on.json", panel: "dispatch" },
  { id: "validation", scenario: "validation.json", panel: "conversation" },
  { id: "queue", scenario: "queue-race.json", panel: "timeline" },
  { id: "abort", scenario: "abort.json", panel: "conversation" },
  { id: "handlers", scenario: "seed-prompts.json", panel: "dispatch" },
] as const;

export type LessonId = (typeof LESSONS)[number]["id"];

export interface LessonResult {
  passed: boolean;
  /** why it passed or what is still missing, as a code */
  reason: string;
}

const textOf = (e: Extract<SessionEvent, { type: "tool_execution_end" }>) =>
  e.result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

export function checkLesson(id: LessonId, events: readonly SessionEvent[], sinceSeq: number): LessonResult {
  const recent = events.filter((e) => e.seq > sinceSeq);
  switch (id) {
    case "dispatch": {
      const on = recent.some(
        (e) =>
          e.type === "tool_set_changed" && e.tools.some((t) => t.name === "grep" && t.state === "active"),
      );
      return on ? { passed: true, reason: "grepOn" } : { passed: false, reason: "grepNotOn" };
    }
    case "validation": {
      const rejected = recent.filter((e) => e.type === "call_rejected");
      if (rejected.some((e) => e.stage === "validate")) return { passed: true, reason: "validationFailed" };
      return { passed: false, reason: rejected.length > 0 ? "otherRejection" : "noRejection" };
    }
    case "queue":
      return recent.some((e) => e.type === "queue_wait")
        ? { passed: true, reason: "queueWaited" }
        : { passed: false, reason: "noQueueWait" };
    case "abort": {
      const at = recent.findIndex((e) => e.type === "abort_requested");
      if (at < 0) return { passed: false, reason: "noAbort" };
      const ended = recent.slice(at).some((e) => e.type === "tool_execution_end" && e.isError);
      return ended ? { passed: true, reason: "aborted" } : { passed: false, reason: "nothingRunning" };
    }
    case "handlers": {
      const ends = recent.filter(
        (e): e is Extract<SessionEvent, { type: "tool_execution_end" }> => e.type === "tool_execution_end",
      );
      if (ends.some((e) => e.isError && textOf(e).startsWith("path outside cwd")))
        return { passed: true, reason: "refused" };
      const passwd = ends.some((e) => !e.isError && textOf(e).includes("root:x:0:0"));
      return { passed: false, reason: passwd ? "piRead" : "noRefusal" };
    }
  }
}
