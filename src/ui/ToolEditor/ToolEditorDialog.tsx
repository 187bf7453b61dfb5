import type { LearnerToolProblem } from "@agent/events";
import type { LearnerToolsSnapshot } from "@state/learner-tools";
import { useEffect, useRef, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import type { LearnerToolsHandle } from "../session-context";
import { useSession } from "../session-context";
import { LearnerToolList } from "./LearnerToolList";
import type { MountedToolEditor } from "./tool-editor-cm";
import "./ToolEditor.css";

/** The draft survives closing the dialog (not a reload: registered tools live in the session). */
let draft: string | undefined;

/**
 * The tool editor: a pi extension file in CodeMirror (TypeScript, completion, the compile check's
 * problems at their lines), registered into the session by the learner's click.
 */
export default function ToolEditorDialog({
  handle,
  onClose,
}: {
  handle: LearnerToolsHandle;
  onClose(): void;
}) {
  const { stores } = useSession();
  const { t } = useT("toolEditorDialog");
  const outcome = useStore(stores.learnerTools, (s) => s.outcome);
  const dialog = useRef<HTMLDialogElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedToolEditor | null>(null);
  const [replace, setReplace] = useState(false);
  /** the outcome on screen when Register was pressed: a different one is the answer */
  const [waitingFrom, setWaitingFrom] = useState<typeof outcome | undefined>(undefined);
  const [shown, setShown] = useState<typeof outcome>(null);
  const word = (p: LearnerToolProblem) => t(`code_${p.code}`, { defaultValue: p.code });
  const templates = handle.templates;
  draft ??= templates[0]?.source ?? "";

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // The editor is made once per open dialog (a remount would lose the cursor and the undo history).
  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per open dialog
  useEffect(() => {
    let cancelled = false;
    void import("./tool-editor-cm").then(({ mountToolEditor }) => {
      if (cancelled || !host.current) return;
      editor.current = mountToolEditor(host.current, {
        text: draft ?? "",
        label: t("editorLabel"),
        onChange: (text) => {
          draft = text;
        },
        check: (text) => handle.check(text),
        word,
      });
    });
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    if (waitingFrom === undefined || outcome === waitingFrom) return;
    setWaitingFrom(undefined);
    setShown(outcome);
    if (outcome?.kind === "rejected") editor.current?.showProblems(outcome.diagnostics);
  }, [outcome, waitingFrom]);

  const load = (source: string) => {
    draft = source;
    editor.current?.setText(source);
    setShown(null);
  };

  const register = () => {
    setWaitingFrom(outcome);
    setShown(null);
    handle.register(editor.current?.getText() ?? draft ?? "", replace);
  };

  return (
    <dialog
      ref={dialog}
      className="tool-editor"
      aria-labelledby="tool-editor-title"
      onClose={onClose}
      onKeyDown={(e) => {
        // Esc closes this dialog only: the page's own Esc (abort the run) must not see it.
        if (e.key === "Escape") e.stopPropagation();
      }}
    >
      <header className="tool-editor__head">
        <h2 id="tool-editor-title">{t("title")}</h2>
        <button type="button" onClick={() => dialog.current?.close()}>
          {t("close")}
        </button>
      </header>
      <div className="tool-editor__body">
        <section className="tool-editor__main">
          <p className="muted">{t("intro")}</p>
          <label className="tool-editor__template">
            {t("template")}{" "}
            <select
              value=""
              onChange={(e) => {
                const tpl = templates.find((x) => x.id === e.target.value);
                if (tpl) load(tpl.source);
              }}
            >
              <option value="">{t("templatePick")}</option>
              {templates.map((tpl) => (
                <option key={tpl.id} value={tpl.id}>
                  {t(`template_${tpl.id}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="tool-editor__code" ref={host} />
          <div className="tool-editor__actions">
            <label>
              <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />{" "}
              {t("replace")}
            </label>
            <button type="button" className="primary" onClick={register} disabled={waitingFrom !== undefined}>
              {waitingFrom !== undefined ? t("registering") : t("register")}
            </button>
          </div>
          <Outcome outcome={shown} word={word} />
        </section>
        <LearnerToolList handle={handle} onEdit={load} />
      </div>
    </dialog>
  );
}

function Outcome({
  outcome,
  word,
}: {
  outcome: LearnerToolsSnapshot["outcome"];
  word: (p: LearnerToolProblem) => string;
}) {
  const { t } = useT("toolEditorDialog");
  return (
    <div className="tool-editor__outcome" role="status" aria-live="polite">
      {outcome?.kind === "registered" ? (
        <p className="ok">
          {outcome.replaces.length > 0
            ? t("registeredReplaces", {
                names: outcome.names.join(", "),
                replaces: outcome.replaces.join(", "),
              })
            : t("registered", { names: outcome.names.join(", ") })}
        </p>
      ) : null}
      {outcome?.kind === "rejected" ? (
        <>
          <p className="error">{t("problemsCount", { count: outcome.diagnostics.length })}</p>
          <ul className="tool-editor__problems" aria-label={t("problems")}>
            {outcome.diagnostics.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <li key={i}>
                <strong>{word(p)}</strong>
                {p.line ? ` (${t("atLine", { line: p.line })})` : ""}: <code>{p.message}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
