import type { TranscriptEntry } from "@state/transcript";
import { memo, type UIEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

/** entries drawn while following the newest, normally */
const CALM = 100;
/**
 * entries drawn while they pour in: more than BURST new entries in one render (a render per frame at most)
 * is more than anyone reads, and drawing 100 entries anew every frame blocked the page for 100s of ms
 */
const FAST = 4;
const BURST = 10;
/** after a burst: quiet this long, then the drawn range grows back by STEP entries at a time */
const QUIET_MS = 1000;
const STEP = 12;
/** how many more each "Show earlier" adds */
const PAGE = 100;
/** at most this many entries are drawn at once however far back the reader goes */
const MAX_SHOWN = 400;
/** px from the bottom that still counts as "at the end" (the transcript follows new entries there) */
const NEAR_END = 160;
/** a scroll this soon after the reader's own input (wheel, keys…) is theirs */
const INTENT_MS = 1000;

function Json({ value, label }: { value: unknown; label: string }) {
  return <CodeBlock label={label}>{JSON.stringify(value, null, 2)}</CodeBlock>;
}

/**
 * The conversation: what the user said, what the model asked for, and what the tools answered. Only the
 * newest entries are drawn (with "Show earlier" and a count), so a long run costs a frame what a short one
 * does. While the reader is at the end it follows new entries; once they scroll up, the drawn range stops
 * moving so what they read stays put.
 */
export function Transcript() {
  const { stores, selection } = useSession();
  const entries = useStore(stores.transcript, (t) => t.entries);
  const calls = useStore(stores.transcript, (t) => t.calls);
  const elapsed = useStore(stores.transcript, (t) => t.elapsed);
  const selectedCall = useStore(selection, (s) => s.callId);
  const scroller = useRef<HTMLDivElement>(null);
  // Known from scroll events, so following needs no layout read in a render (those forced a layout of the
  // whole transcript every frame).
  const atEnd = useRef(true);
  /** index of the first drawn entry, or null to draw the newest ones */
  const [first, setFirst] = useState<number | null>(null);
  const count = entries.length;
  /** how many of the newest entries are drawn while following (FAST during a burst, then back to CALM) */
  const [limit, setLimit] = useState(CALM);
  const committed = useRef(count);
  const jump = count - committed.current;
  const latest = jump > BURST ? FAST : limit;
  const start = first === null ? Math.max(0, count - latest) : Math.min(first, count);
  const end = first === null ? count : Math.min(count, start + MAX_SHOWN);
  useEffect(() => {
    committed.current = count;
    if (jump > BURST) setLimit(FAST);
    if (limit >= CALM && jump <= BURST) return;
    // Grow back a step at a time once the burst is over (new entries keep postponing it).
    const wait = jump > BURST || limit === FAST ? QUIET_MS : 50;
    const timer = setTimeout(() => setLimit((l) => Math.min(CALM, l + STEP)), wait);
    return () => clearTimeout(timer);
  }, [count, limit, jump]);

  const previous = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the entry count changes
  useEffect(() => {
    const grew = count > previous.current;
    previous.current = count;
    if (count === 0)
      setFirst(null); // a reset: start over at the end
    else if (grew && atEnd.current && first !== null && end === count) setFirst(null); // follow again
  }, [count]);

  // Following is done where layout is already clean: a ResizeObserver sees the content grow (a new entry,
  // a running call's "no output yet" line) after the browser laid it out, and scrolls to the end there.
  // Doing it in an effect after each commit forced a layout of the page every frame.
  const content = useRef<HTMLDivElement>(null);
  const intent = useRef(0);
  useLayoutEffect(() => {
    const markIntent = () => {
      intent.current = performance.now();
    };
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const follow = () => {
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    observer.observe(el);
    const intents = ["wheel", "touchstart", "pointerdown", "keydown", "focusin"] as const;
    for (const type of intents) el.addEventListener(type, markIntent, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of intents) el.removeEventListener(type, markIntent);
    };
  }, []);

  // Only the reader stops the following: a scroll that comes from the page itself (scrolling to the end,
  // the browser keeping the view steady as old entries leave the top, or correcting estimated heights of
  // entries not yet drawn) must not. Wheel, touch, pointer, keys and focus inside the box mark intent.
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    // Layout is clean in a scroll event, so these reads cost nothing.
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END;
    if (nearEnd) {
      atEnd.current = true;
      return;
    }
    if (performance.now() - intent.current > INTENT_MS) {
      if (atEnd.current) el.scrollTop = el.scrollHeight; // still following: back to the end
      return;
    }
    atEnd.current = false;
    // Scrolled up while following: hold the drawn range so the entry being read is not dropped.
    if (first === null) setFirst(start);
  };

  const showLatest = () => {
    atEnd.current = true;
    setFirst(null);
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="conversation__transcript" ref={scroller} onScroll={onScroll}>
      <div ref={content}>
        {count === 0 ? (
          <div className="intro">
            <p>
              <strong>New here?</strong> Press <em>Play</em> below to replay a short scripted conversation.
              Each time the model asks for a tool, you will see:
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
        ) : (
          <>
            {start > 0 ? (
              <p className="transcript__more">
                <span className="muted">
                  Entries {start + 1}–{end} of {count}.
                </span>{" "}
                <button type="button" onClick={() => setFirst(Math.max(0, start - PAGE))}>
                  Show {Math.min(PAGE, start)} earlier
                </button>
              </p>
            ) : null}
            <ol className="transcript" aria-label="Transcript">
              {entries.slice(start, end).map((e) => (
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
            {end < count ? (
              <p className="transcript__more">
                <span className="muted">{count - end} newer entries not shown.</span>{" "}
                <button type="button" onClick={showLatest}>
                  Show the latest
                </button>
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
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

// calls/elapsed are new records on every call event; an entry re-renders only when its own calls changed.
const Entry = memo(EntryView, (a: EntryProps, b: EntryProps) => {
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
