import type { QueuedPrompt, WrittenFile } from "@state/transcript";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";
import "./ModelParts.css";

/** how much of the newest thinking the closed block shows while it streams */
const PREVIEW_CHARS = 80;

/**
 * The model's thinking, closed by default and dimmed: it is what the model worked out before answering,
 * not its answer. While it streams, the closed block shows its newest words and a growing count.
 */
export function Thinking({ text, streaming }: { text: string; streaming: boolean }) {
  const { t, format } = useT("transcript");
  const tail = text.length > PREVIEW_CHARS ? `…${text.slice(-PREVIEW_CHARS)}` : text;
  return (
    <details className={`thinking${streaming ? " is-streaming" : ""}`}>
      <summary>
        {t("thinking")} <span className="muted">· {t("chars", { count: format.count(text.length) })}</span>
        {streaming && tail ? <ModelText className="thinking__preview"> {tail}</ModelText> : null}
      </summary>
      <ModelText block>
        <p className="thinking__text">{text}</p>
      </ModelText>
    </details>
  );
}

/** What a write wrote (from its arguments), and whether the file was new or replaced. */
export function Written({ file, callId }: { file: WrittenFile; callId: string }) {
  const { t } = useT("transcript");
  const change = file.change === "created" || file.change === "replaced" ? file.change : "wrote";
  return (
    <div className="written">
      <p className="written__head">
        <span className={`written__badge written__badge--${file.change ?? "unknown"}`}>
          {t(`badge.${change}`)}
        </span>{" "}
        <code>write</code> {t(`written.${change}`)} <code>{file.path}</code>
        {t("writtenWith")}
      </p>
      <CodeBlock label={t("writtenLabel", { id: callId, path: file.path })}>{file.content}</CodeBlock>
    </div>
  );
}

/** Messages sent while the model works: they wait, as pi's follow-ups do, until the run takes them. */
export function QueuedPrompts({ queued }: { queued: readonly QueuedPrompt[] }) {
  const { t } = useT("transcript");
  if (queued.length === 0) return null;
  return (
    <ol className="queued" aria-label={t("queued")}>
      {queued.map((q) => (
        <li key={q.id} className="msg msg--user msg--queued">
          <span className="msg__who">
            {t("who.user")} <span className="queued__badge">{t("queuedBadge")}</span>{" "}
            <span className="muted">· {t("queuedNote")}</span>
          </span>
          <p>{q.text}</p>
        </li>
      ))}
    </ol>
  );
}
