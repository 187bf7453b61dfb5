import type { StopReason } from "@agent/messages";
import type { TranscriptEntry } from "@state/transcript";
import { memo } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { OutsideNote } from "../Compromises/OutsideNote";
import { DiffView } from "../DiffView/DiffView";
import { DrillNote } from "../Drills/DrillNote";
import { UsageLine } from "../Usage/Usage";
import { Thinking, Written } from "./ModelParts";
import { StreamingText } from "./StreamingText";

/** what each of pi's stopReason values means, in the words a learner would use */
const STOP_WORDS: Readonly<Record<StopReason, string>> = {
  stop: "ended its turn",
  toolUse: "wants tools",
  length: "ran out of output length",
  error: "failed",
  aborted: "was stopped",
};

function stopWords(reason: string): string {
  return Object.hasOwn(STOP_WORDS, reason) ? STOP_WORDS[reason as StopReason] : "stopped";
}

function Json({ value, label }: { value: unknown; label: string }) {
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
  switch (entry.kind) {
    case "user":
      return (
        <li className="msg msg--user">
          <span className="msg__who">user</span>
          <p>{entry.text}</p>
        </li>
      );
    case "assistant":
      return (
        <li className={`msg msg--assistant${entry.streaming ? " is-streaming" : ""}`}>
          <span className="msg__who">
            assistant
            {entry.stopReason && !entry.streaming ? (
              <span className="muted msg__stop">
                {" "}
                · {stopWords(entry.stopReason)} <code>stopReason: "{entry.stopReason}"</code>
              </span>
            ) : null}
          </span>
          {entry.thinking !== undefined ? (
            <Thinking text={entry.thinking} streaming={entry.streaming} />
          ) : null}
          {entry.text ? <StreamingText text={entry.text} streaming={entry.streaming} /> : null}
          {entry.errorMessage ? <p className="error">{entry.errorMessage}</p> : null}
          {entry.toolCalls.map((c) => (
            <div key={c.id} className={`call${selectedCall === c.id ? " is-selected" : ""}`} data-call={c.id}>
              <div className="call__head">
                <span className="call__label">tool call</span>
                <code className="call__name">{c.name}</code>
                <button
                  type="button"
                  className="linkish call__id"
                  aria-pressed={selectedCall === c.id}
                  onClick={() => onSelect(c.id)}
                  title="Highlight this call everywhere"
                >
                  {c.id}
                </button>
                <span className={`status status--${calls[c.id] ?? "pending"}`}>
                  {calls[c.id] ?? "pending"}
                </span>
              </div>
              <Json value={c.args} label={`Arguments of ${c.id}`} />
              <OutsideNote args={c.args} />
              {calls[c.id] === "running" && elapsed[c.id] !== undefined ? (
                <p className="call__wait" data-elapsed-ms={elapsed[c.id]}>
                  Running for {Math.round(elapsed[c.id] / 1000)} s. No output yet: the engine behind{" "}
                  <code>{c.name}</code> here cannot stream, so the output appears all at once when the command
                  ends.
                </p>
              ) : null}
            </div>
          ))}
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
            tool result · <code>{entry.toolName}</code>{" "}
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
                · <strong className="error">error: the model sees this text</strong>{" "}
                <code>isError: true</code>
              </span>
            ) : (
              <span className="muted"> · what the model receives</span>
            )}
          </span>
          {entry.diff ? <DiffView diff={entry.diff} label={`What ${entry.toolCallId} changed`} /> : null}
          {entry.written ? <Written file={entry.written} callId={entry.toolCallId} /> : null}
          {entry.content.map((c, i) => {
            const key = `${c.type}${i}`; // content blocks have no identity beyond their place
            return c.type === "text" ? (
              <CodeBlock key={key} className="result-text" label={`Result text of ${entry.toolCallId}`}>
                {c.text}
              </CodeBlock>
            ) : (
              <img
                key={key}
                className="result-image"
                src={`data:${c.mimeType};base64,${c.data}`}
                alt={`Returned by ${entry.toolName} (${c.mimeType})`}
              />
            );
          })}
          <DrillNote callId={entry.toolCallId} />
        </li>
      );
    case "system":
      return (
        <li className="msg msg--system">
          <span className="msg__who">system message</span>
          <details>
            <summary>
              {entry.toolsAdded.length ? `tools added: ${entry.toolsAdded.join(", ")}. ` : ""}
              {entry.toolsRemoved.length ? `tools removed: ${entry.toolsRemoved.join(", ")}. ` : ""}
              {entry.text.length} characters
            </summary>
            <CodeBlock label="System message text">{entry.text}</CodeBlock>
          </details>
        </li>
      );
    case "notice":
      return (
        <li
          className={`msg msg--notice${entry.tone === "error" ? " msg--error" : ""}`}
          role={entry.tone === "error" ? "alert" : undefined}
        >
          <p>{entry.text}</p>
        </li>
      );
  }
}
