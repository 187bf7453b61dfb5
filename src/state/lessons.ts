/**
 * The lessons, in the order of the concepts they teach, and their exercises. Most are checked by the
 * page from the event stream: a pure function of the events since the learner started the exercise,
 * answering passed, or a code saying what is missing (the page words it). Two are code exercises: the
 * page runs tests against the learner's code (src/app/lessons) and the lesson passes when all pass. One
 * is an answer read off the context gauge, which the page checks against the gauge's own arithmetic.
 */
import type { SessionEvent } from "@agent/events";
import type { ExerciseId } from "./exercises";
import type { PanelId } from "./prefs";

export const LESSON_IDS = [
  "dispatch",
  "handlers",
  "memory",
  "layers",
  "closure",
  "queue",
  "truncation",
  "context",
  "abort",
  "validation",
  "prompt",
  "events",
  "versions",
  "debugger",
] as const;

export type LessonId = (typeof LESSON_IDS)[number];

export interface LessonSpec {
  id: LessonId;
  /** the scenario to play (a file under public/scenarios), when the lesson has one */
  scenario?: string;
  /** the panel to look at, highlighted */
  panel: PanelId;
  /** a code exercise: the page's tests run against the learner's code */
  code?: ExerciseId;
  /** an answer the learner reads off a panel, checked by the page (lesson-context.ts) */
  answer?: "context";
}

export const LESSONS: readonly LessonSpec[] = [
  { id: "dispatch", scenario: "tool-on.json", panel: "dispatch" },
  { id: "handlers", scenario: "seed-prompts.json", panel: "dispatch" },
  { id: "memory", panel: "dispatch", code: "safepath" },
  { id: "layers", scenario: "tool-on.json", panel: "dispatch", code: "wc" },
  { id: "closure", panel: "dispatch" },
  { id: "queue", scenario: "queue-race.json", panel: "timeline" },
  { id: "truncation", panel: "conversation" },
  { id: "context", scenario: "small-window.json", panel: "context-window", answer: "context" },
  { id: "abort", scenario: "abort.json", panel: "conversation" },
  { id: "validation", scenario: "validation.json", panel: "conversation" },
  { id: "prompt", scenario: "tool-on.json", panel: "system-prompt" },
  { id: "events", scenario: "abort.json", panel: "event-stream" },
  { id: "versions", scenario: "changed/find-anchor.json", panel: "conversation" },
  { id: "debugger", scenario: "seed-prompts.json", panel: "conversation" },
];

export interface LessonResult {
  passed: boolean;
  /** why it passed or what is still missing, as a code */
  reason: string;
}

type End = Extract<SessionEvent, { type: "tool_execution_end" }>;
const isEnd = (e: SessionEvent): e is End => e.type === "tool_execution_end";
const textOf = (e: End) => e.result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
const result = (passed: boolean, reason: string): LessonResult => ({ passed, reason });

/** Whether `recent` has an event matching `later` after the first one matching `first`. */
function after(
  recent: readonly SessionEvent[],
  first: (e: SessionEvent) => boolean,
  later: (e: SessionEvent) => boolean,
) {
  const at = recent.findIndex(first);
  return at >= 0 && recent.slice(at + 1).some(later);
}

export function checkLesson(id: LessonId, events: readonly SessionEvent[], sinceSeq: number): LessonResult {
  const recent = events.filter((e) => e.seq > sinceSeq);
  switch (id) {
    case "dispatch": {
      const on = recent.some(
        (e) =>
          e.type === "tool_set_changed" && e.tools.some((t) => t.name === "grep" && t.state === "active"),
      );
      return on ? result(true, "grepOn") : result(false, "grepNotOn");
    }
    case "validation": {
      const rejected = recent.filter((e) => e.type === "call_rejected");
      if (rejected.some((e) => e.stage === "validate")) return result(true, "validationFailed");
      return result(false, rejected.length > 0 ? "otherRejection" : "noRejection");
    }
    case "queue":
      return recent.some((e) => e.type === "queue_wait")
        ? result(true, "queueWaited")
        : result(false, "noQueueWait");
    case "abort": {
      const at = recent.findIndex((e) => e.type === "abort_requested");
      if (at < 0) return result(false, "noAbort");
      const ended = recent.slice(at).some((e) => isEnd(e) && e.isError);
      return ended ? result(true, "aborted") : result(false, "nothingRunning");
    }
    case "handlers": {
      const ends = recent.filter(isEnd);
      if (ends.some((e) => e.isError && textOf(e).startsWith("path outside cwd")))
        return result(true, "refused");
      const passwd = ends.some((e) => !e.isError && textOf(e).includes("root:x:0:0"));
      return result(false, passwd ? "piRead" : "noRefusal");
    }
    case "closure": {
      const drilled = (e: SessionEvent) => e.type === "drill_changed" && e.drill !== "off";
      if (!recent.some(drilled)) return result(false, "noDrill");
      return after(recent, drilled, (e) => e.type === "fault_injected")
        ? result(true, "faultHit")
        : result(false, "noFault");
    }
    case "truncation": {
      const ends = recent.filter(isEnd);
      const cut = ends.some((e) => {
        const details = e.result.details as { truncation?: { truncated?: boolean } } | undefined;
        return details?.truncation?.truncated === true;
      });
      if (cut) return result(true, "truncated");
      return result(false, ends.length > 0 ? "notTruncated" : "noCall");
    }
    case "prompt": {
      // The session re-renders the prompt first, then announces the new tool set: order does not matter.
      const hid = recent.some(
        (e) => e.type === "tool_set_changed" && e.tools.some((t) => t.state === "hidden"),
      );
      if (!hid) return result(false, "noHidden");
      return recent.some((e) => e.type === "prompt_sections_changed" && e.reason === "tools")
        ? result(true, "hiddenPatched")
        : result(false, "noPatch");
    }
    case "events": {
      const updated = new Set(
        recent.flatMap((e) => (e.type === "tool_execution_update" ? [e.toolCallId] : [])),
      );
      if (recent.some((e) => isEnd(e) && updated.has(e.toolCallId))) return result(true, "updatesSeen");
      return result(false, recent.some(isEnd) ? "noUpdates" : "noCall");
    }
    case "versions":
      return checkVersions(events, sinceSeq);
    case "debugger": {
      const resumed = recent.filter(
        (e) => e.type === "call_resumed" && e.toolName === "write" && e.stage === "before_execute",
      );
      if (resumed.length === 0) return result(false, "noPause");
      const edited = resumed.filter((e) => e.type === "call_resumed" && e.action === "continue" && e.edited);
      if (edited.length === 0) return result(false, "notEdited");
      const ran = edited.some((r) =>
        recent.some(
          (e) => isEnd(e) && r.type === "call_resumed" && e.toolCallId === r.toolCallId && !e.isError,
        ),
      );
      return ran ? result(true, "ranEdited") : result(false, "editFailed");
    }
    case "memory":
    case "layers":
      // Code exercises: their tests run against the learner's code, not over the event stream.
      return result(false, "codeExercise");
    case "context":
      // An answer read off the gauge: checked against the conversation (lesson-context.ts).
      return result(false, "answerExercise");
  }
}

/**
 * The same find (same arguments) answered differently by two pi versions. A call's version is the one
 * the last pi_version_changed before it set, or, before any change, the one the first change left.
 */
function checkVersions(events: readonly SessionEvent[], sinceSeq: number): LessonResult {
  const changes = events.filter((e) => e.type === "pi_version_changed");
  const versionAt = (seq: number) => {
    const last = changes.filter((c) => c.seq < seq).at(-1);
    return last ? last.version : changes[0]?.previous;
  };
  const args = new Map<string, string>();
  const finds: { args: string; version: string | undefined; text: string }[] = [];
  for (const e of events) {
    if (e.type === "tool_execution_start") args.set(e.toolCallId, JSON.stringify(e.args));
    else if (isEnd(e) && e.toolName === "find" && e.seq > sinceSeq && !e.isError)
      finds.push({ args: args.get(e.toolCallId) ?? "", version: versionAt(e.seq), text: textOf(e) });
  }
  if (finds.length === 0) return result(false, "noFind");
  const twoVersions = finds.some((a) => finds.some((b) => a.args === b.args && a.version !== b.version));
  if (!twoVersions) return result(false, "noSwitch");
  const differ = finds.some((a) =>
    finds.some((b) => a.args === b.args && a.version !== b.version && a.text !== b.text),
  );
  return differ ? result(true, "findsDiffer") : result(false, "sameAnswer");
}
