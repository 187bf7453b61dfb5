import type { StopReason } from "@agent/messages";
import type { TranscriptEntry } from "@state/transcript";
import { memo } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { DiffView } from "../DiffView/DiffView";
import { DrillNote } from "../Drills/DrillNote";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";
import { noticeText } from "../Notice/notice-text";
import { UsageLine } from "../Usage/Usage";
import { Calls } from "./Calls";
import { Thinking, Written } from "./ModelParts";
import { StreamingText } from "./StreamingText";

/** pi's stopReason values, each with its words for a learner (`transcript:stop.<reason>`) */
const STOP_REASONS: readonly StopReason[] = ["stop", "toolUse", "length", "error", "aborted"];

function stopKey(reason: string) {
  return `stop.${STOP_REASONS.includes(reason as StopReason) ? reason : "other"}` as const;
}

function _Json({ value, label }: { value: unknown; label: string }) {
  return <CodeBlock label={label}>{JSON.stringify(value, null, 2)}</CodeBlock>;
}

interface EntryProps {
  entry: TranscriptEntry;
  calls: Readonly<Record<string, string>>;
  elapsed: Readonly<Record<string, number>>;
  selectedCall: string | null;
  onSelect: (id: string) => void;
}

/** the call ids an entry shows something about (its status, elapsed time, selection) */
function idsOf(entry: TranscriptEntry): readonly string[] {
  if (entry.kind === "assistant") return entry.toolCalls.map((c) => c.id);
  if (entry.kind === "tool_result") return [entry.toolCallId];
  return [];
}

/**
 * One transcript entry. calls/elapsed are new records on every call event, so an entry re-renders only when
 * its own calls changed.
 */
export const Entry = memo(EntryView, (a: EntryProps, b: EntryProps) => {
  if (a.entry !== b.entry || a.onSelect !== b.onSelect) return false;
  for (const id of idsOf(a.entry))
    if (
      a.calls[id] !== b.calls[id] ||
      a.elapsed[id] !== b.elapsed[id] ||
      (a.selectedCall === id) !== (b.selectedCall === id)
    )
      return false;
  return true;
});

function EntryView({ entry, calls, elapsed, selectedCall, onSelect }: EntryProps) {
  const { t, format } = useT("transcript");
  switch (entry.kind) {
    case "user":
      return (
        <li className="msg msg--user">
          <span className="msg__who">{t("who.user")}</span>
          <ModelText block>
            <p>{entry.text}</p>
          </ModelText>
        </li>
      );
    case "assistant":
      return (
        <li className={`msg msg--assistant${entry.streaming ? " is-streaming" : ""}`}>
          <span className="msg__who">
            {t("who.assistant")}
            {entry.stopReason && !entry.streaming ? (
              <span className="muted msg__stop">
                {" "}
                · {t(stopKey(entry.stopReason))} <code>stopReason: "{entry.stopReason}"</code>
              </span>
            ) : null}
          </span>
          {entry.thinking !== undefined ? (
            <Thinking text={entry.thinking} streaming={entry.streaming} />
          ) : null}
          {entry.text ? (
            <ModelText block>
              <StreamingText text={entry.text} streaming={entry.streaming} />
            </ModelText>
          ) : null}
          {entry.errorMessage ? (
            <ModelText block>
              <p className="error">{entry.errorMessage}</p>
            </ModelText>
          ) : null}
          <Calls
            calls={entry.toolCalls}
            status={calls}
            elapsed={elapsed}
            selectedCall={selectedCall}
            onSelect={onSelect}
          />
          <UsageLine usage={entry.usage} />
        </li>
      );
    case "tool_result":
      return (
        <li
          className={`msg msg--result${entry.isError ? " msg--error" : ""}${selectedCall === entry.toolCallId ? " is-selected" : ""}`}
          data-call={entry.toolCallId}
        >
          <span className="msg__who">
            {t("who.result")} · <code>{entry.toolName}</code>{" "}
            <button
              type="button"
              className="linkish call__id"
              aria-pressed={selectedCall === entry.toolCallId}
              onClick={() => onSelect(entry.toolCallId)}
            >
              {entry.toolCallId}
            </button>
            {entry.isError ? (
              <span className="msg__is-error">
                {" "}
                · <strong className="error">{t("resultError")}</strong> <code>isError: true</code>
              </span>
            ) : (
              <span className="muted"> · {t("resultReceives")}</span>
            )}
          </span>
          {entry.diff ? <DiffView diff={entry.diff} label={t("changed", { id: entry.toolCallId })} /> : null}
          {entry.written ? <Written file={entry.written} callId={entry.toolCallId} /> : null}
          {entry.content.map((c, i) => {
            const key = `${c.type}${i}`; // content blocks have no identity beyond their place
            return c.type === "text" ? (
              <CodeBlock key={key} className="result-text" label={t("resultText", { id: entry.toolCallId })}>
                {c.text}
              </CodeBlock>
            ) : (
              <img
                key={key}
                className="result-image"
                src={`data:${c.mimeType};base64,${c.data}`}
                alt={t("image", { tool: entry.toolName, type: c.mimeType })}
              />
            );
          })}
          <DrillNote callId={entry.toolCallId} />
        </li>
      );
    case "system":
      return (
        <li className="msg msg--system">
          <span className="msg__who">{t("who.system")}</span>
          <details>
            <summary>
              {entry.toolsAdded.length ? t("toolsAdded", { names: entry.toolsAdded.join(", ") }) : ""}
              {entry.toolsRemoved.length ? t("toolsRemoved", { names: entry.toolsRemoved.join(", ") }) : ""}
              {t("chars", { count: format.count(entry.text.length) })}
            </summary>
            <CodeBlock label={t("systemText")}>{entry.text}</CodeBlock>
          </details>
        </li>
      );
    case "notice":
      return (
        <li className={`msg msg--notice${entry.tone === "error" ? " msg--error" : ""}`}>
          {/* the alert is the sentence, not the item: a list item keeps its role for the list around it */}
          <p role={entry.tone === "error" ? "alert" : undefined}>{noticeText(t, entry)}</p>
        </li>
      );
  }
}
