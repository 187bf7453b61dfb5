import type { QueuedPrompt, WrittenFile } from "@state/transcript";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import "./ModelParts.css";

/** how much of the newest thinking the closed block shows while it streams */
const PREVIEW_CHARS = 80;

/**
 * The model's thinking, closed by default and dimmed: it is what the model worked out before answering,
 * not its answer. While it streams, the closed block shows its newest words and a growing count.
 */
export function Thinking({ text, streaming }: { text: string; streaming: boolean }) {
  const tail = text.length > PREVIEW_CHARS ? `…${text.slice(-PREVIEW_CHARS)}` : text;
  return (
    <details className={`thinking${streaming ? " is-streaming" : ""}`}>
      <summary>
        thinking <span className="muted">· {text.length} characters</span>
        {streaming && tail ? <span className="thinking__preview"> {tail}</span> : null}
      </summary>
      <p className="thinking__text">{text}</p>
    </details>
  );
}

/** What a write wrote (from its arguments), and whether the file was new or replaced. */
export function Written({ file, callId }: { file: WrittenFile; callId: string }) {
  const what =
    file.change === "created" ? "created the new file" : file.change === "replaced" ? "replaced" : "wrote";
  return (
    <div className="written">
      <p className="written__head">
        <span className={`written__badge written__badge--${file.change ?? "unknown"}`}>
          {file.change === "created" ? "new file" : file.change === "replaced" ? "replaced" : "written"}
        </span>{" "}
        write {what} <code>{file.path}</code> with:
      </p>
      <CodeBlock label={`Content ${callId} wrote to ${file.path}`}>{file.content}</CodeBlock>
    </div>
  );
}

/** Messages sent while the model works: they wait, as pi's follow-ups do, until the run takes them. */
export function QueuedPrompts({ queued }: { queued: readonly QueuedPrompt[] }) {
  if (queued.length === 0) return null;
  return (
    <ol className="queued" aria-label="Queued messages">
      {queued.map((q) => (
        <li key={q.id} className="msg msg--user msg--queued">
          <span className="msg__who">
            user <span className="queued__badge">queued</span>{" "}
            <span className="muted">· sent to the model when it finishes this run</span>
          </span>
          <p>{q.text}</p>
        </li>
      ))}
    </ol>
  );
}
