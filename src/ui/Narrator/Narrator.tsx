import type { SessionEvent } from "@agent/events";
import type { TFunction } from "i18next";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { noticeText } from "../Notice/notice-text";
import { useSession } from "../session-context";

/** A sentence for the events a listener cares about; the rest stay silent. */
function say(t: TFunction, e: SessionEvent | undefined): string {
  if (!e) return "";
  switch (e.type) {
    case "tool_execution_start":
      return t("started", { tool: e.toolName, id: e.toolCallId });
    case "tool_execution_end":
      return t(e.isError ? "failed" : "finished", { tool: e.toolName, id: e.toolCallId });
    case "agent_end":
      return t("ended");
    case "abort_requested":
      return t("abortRequested");
    case "session_error":
      return noticeText(t, { text: e.message, about: e.about });
    default:
      return "";
  }
}

/** Screen-reader narration of the run ("read started", "read finished"), one polite line at a time. */
export function Narrator() {
  const { stores } = useSession();
  const { t } = useT("narrator");
  const line = say(
    t,
    useStore(stores.events, (s) => {
      for (let i = s.events.length - 1; i >= Math.max(0, s.events.length - 50); i--)
        if (say(t, s.events[i])) return s.events[i];
      return undefined;
    }),
  );
  const notices = useStore(stores.status, (s) => s.notices);
  const last = notices[notices.length - 1];
  return (
    <div className="sr-only" aria-live="polite" role="status">
      {last ? `${noticeText(t, last)} ` : ""}
      {line}
    </div>
  );
}
