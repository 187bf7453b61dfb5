import type { TranscriptEntry } from "@state/transcript";
import { useEffect, useRef } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

function Json({ value, label }: { value: unknown; label: string }) {
  return <CodeBlock label={label}>{JSON.stringify(value, null, 2)}</CodeBlock>;
}

/** The conversation: what the user said, what the model asked for, and what the tools answered. */
export function Transcript() {
  const { stores, selection } = useSession();
  const entries = useStore(stores.transcript, (t) => t.entries);
  const calls = useStore(stores.transcript, (t) => t.calls);
  const elapsed = useStore(stores.transcript, (t) => t.elapsed);
  const selectedCall = useStore(selection, (s) => s.callId);
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLOListElement>(null);
  const count = entries.length;
  // A running call's "no output yet" line grows an existing entry: follow it too.
  const waiting = Object.keys(elapsed).length;
  // Follow new entries while the reader is at the bottom; leave them alone when they scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the entry count (or the waiting lines) change
  useEffect(() => {
    const scroller = box.current?.closest(".conversation__transcript");
    if (!scroller) return;
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 160)
      end.current?.scrollIntoView({ block: "end" });
  }, [count, waiting]);
  if (entries.length === 0)
    return (
      <div className="intro">
        <p>
          <strong>New here?</strong> Press <em>Play</em> below to replay a short scripted conversation. Each
          time the model asks for a tool, you will see:
        </p>
        <ol>
          <li>the call here (a tool name and JSON arguments),</li>
          <li>its trip through pi's pipeline in the Timeline,</li>
          <li>the files it touches light up in the Workspace,</li>
          <li>and every event in the Event stream.</li>
        </ol>
        <p>
          Or pick <em>Call a tool by hand</em> to be the model yourself.
        </p>
      </div>
    );
  return (
    <>
      <ol className="transcript" aria-label="Transcript" ref={box}>
        {entries.map((e) => (
          <Entry
            key={e.key}
            entry={e}
            calls={calls}
            elapsed={elapsed}
            selectedCall={selectedCall}
            onSelect={selection.toggleCall}
          />
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}

function Entry({
  entry,
  calls,
  elapsed,
  selectedCall,
  onSelect,
}: {
  entry: TranscriptEntry;
  calls: Readonly<Record<string, string>>;
  elapsed: Readonly<Record<string, number>>;
  selectedCall: string | null;
  onSelect: (id: string) => void;
}) {
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
              <span className="muted"> · stop: {entry.stopReason}</span>
            ) : null}
          </span>
          {entry.text ? <p>{entry.text}</p> : null}
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
              {calls[c.id] === "running" && elapsed[c.id] !== undefined ? (
                <p className="call__wait" data-elapsed-ms={elapsed[c.id]}>
                  Running for {Math.round(elapsed[c.id] / 1000)} s. No output yet: the engine behind{" "}
                  <code>{c.name}</code> here cannot stream, so the output appears all at once when the command
                  ends.
                </p>
              ) : null}
            </div>
          ))}
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
              <strong className="error"> · isError: the model sees this error text</strong>
            ) : (
              <span className="muted"> · what the model receives</span>
            )}
          </span>
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
