import type { SessionEvent } from "@agent/events";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

/** A sentence for the events a listener cares about; the rest stay silent. */
function say(e: SessionEvent | undefined): string {
  if (!e) return "";
  switch (e.type) {
    case "tool_execution_start":
      return `${e.toolName} started (${e.toolCallId}).`;
    case "tool_execution_end":
      return `${e.toolName} ${e.isError ? "failed" : "finished"} (${e.toolCallId}).`;
    case "agent_end":
      return "The run ended.";
    case "abort_requested":
      return "Abort requested.";
    case "session_error":
      return e.message;
    default:
      return "";
  }
}

/** Screen-reader narration of the run ("read started", "read finished"), one polite line at a time. */
export function Narrator() {
  const { stores } = useSession();
  const line = useStore(stores.events, (s) => {
    for (let i = s.events.length - 1; i >= Math.max(0, s.events.length - 50); i--) {
      const text = say(s.events[i]);
      if (text) return text;
    }
    return "";
  });
  const notices = useStore(stores.status, (s) => s.notices);
  const last = notices[notices.length - 1];
  return (
    <div className="sr-only" aria-live="polite" role="status">
      {last ? `${last.text} ` : ""}
      {line}
    </div>
  );
}
