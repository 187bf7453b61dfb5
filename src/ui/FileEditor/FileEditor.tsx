import { useEffect, useRef, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession, useUnsaved } from "../session-context";
import type { MountedEditor } from "./codemirror";
import "./FileEditor.css";

/**
 * The selected file in CodeMirror. Saving sends write_file, so the next tool call reads what was typed.
 * When a tool changes the file underneath, the buffer follows; with unsaved edits it does not, and the
 * editor says so and lets the learner choose (a Save then would silently undo the tool's change).
 */
export function FileEditor({ path }: { path: string }) {
  const { stores, send, readFile } = useSession();
  const unsaved = useUnsaved();
  const { t } = useT("fileEditor");
  // Read when the editor mounts (a new file mounts a new editor); not a reason to rebuild it.
  const label = useRef("");
  label.current = t("editorLabel", { path });
  // Which version of the file the tree knows: its last change (a new mark each time), or the last reset.
  const version = useStore(stores.files, (f) => f.changed[path] ?? f.resets);
  const [content, setContent] = useState<{ text: string | null } | undefined>(undefined);
  const exists = useStore(stores.files, (f) => f.paths.includes(path));
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  /** the file's text as it was when the buffer was last loaded or saved: what the edits are edits of */
  const saved = useRef<string | null>(null);
  const synced = useRef<string | null>(null);
  /** the session's newer text of a file that has unsaved edits, until the learner chooses */
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useRef(() => {});
  save.current = () => {
    const text = editor.current?.getText();
    if (text === undefined || conflict !== null) return;
    send({ type: "write_file", path, content: text });
    saved.current = text;
    setDirty(false);
  };
  const takeTheirs = () => {
    if (conflict === null) return;
    saved.current = conflict;
    editor.current?.setText(conflict);
    setDirty(false);
    setConflict(null);
  };
  const keepMine = () => {
    // The edits are now edits of the newer text: a Save writes them over it, knowingly.
    saved.current = conflict;
    setConflict(null);
  };

  useEffect(() => unsaved.mark(path, dirty), [unsaved, path, dirty]);
  useEffect(() => () => unsaved.mark(path, false), [unsaved, path]);

  // Ask the session for the text on open and whenever the file changed (a tool, a save, a reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is what makes the text stale
  useEffect(() => {
    if (!exists) return;
    let current = true;
    readFile(path).then(
      (c) => current && setContent({ text: c.text }),
      (error: Error) => current && setFailed(error.message),
    );
    return () => {
      current = false;
    };
  }, [exists, path, readFile, version]);

  const text = content?.text;
  const byReset = typeof version === "number";
  useEffect(() => {
    if (text === undefined || text === null || !host.current) return;
    if (editor.current) {
      // Only a new text from the session moves the buffer, never a re-render for another reason.
      if (text === synced.current) return;
      synced.current = text;
      // Our own save coming back, or a change to what the buffer already holds: nothing to do.
      if (text === saved.current) return;
      if (editor.current.getText() === text) {
        saved.current = text;
        setDirty(false);
        setConflict(null);
        return;
      }
      // A reset (Reset files, a scenario) asked before it threw the edits away; a tool's write did not.
      if (dirty && !byReset) {
        setConflict(text);
        return;
      }
      saved.current = text;
      editor.current.setText(text);
      setConflict(null);
      return;
    }
    let cancelled = false;
    import("./codemirror").then(
      ({ mountEditor }) => {
        if (cancelled || !host.current) return;
        saved.current = text;
        synced.current = text;
        editor.current = mountEditor(host.current, {
          path,
          label: label.current,
          text,
          onChange: (t) => setDirty(t !== saved.current),
          onSave: () => save.current(),
        });
      },
      (error: Error) => setFailed(error.message),
    );
    return () => {
      cancelled = true;
    };
  }, [text, path, dirty, byReset]);

  useEffect(
    () => () => {
      editor.current?.destroy();
      editor.current = null;
    },
    [],
  );

  return (
    <div className="editor">
      <div className="editor__bar">
        <code className="editor__path">{path}</code>
        {dirty ? <span className="editor__dirty">{t("unsaved")}</span> : null}
        <button
          type="button"
          onClick={() => save.current()}
          disabled={!dirty || conflict !== null}
          title={t(conflict !== null ? "chooseFirst" : "saveTitle")}
        >
          {t("save")}
        </button>
      </div>
      {conflict !== null ? (
        <div className="editor__conflict" role="alert">
          <p>
            {t("conflictBefore")} <code>{path}</code>
            {t("conflictAfter")}
          </p>
          <div className="editor__conflict-buttons">
            <button type="button" onClick={keepMine}>
              {t("keepMine")}
            </button>
            <button type="button" onClick={takeTheirs}>
              {t("takeTheirs")}
            </button>
          </div>
          <details>
            <summary>{t("showTheirs")}</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls, so it must take focus to scroll by keyboard */}
            <pre className="editor__theirs" tabIndex={0} data-verbatim="">
              {conflict}
            </pre>
          </details>
        </div>
      ) : null}
      {failed ? <p className="error">{t("failed", { error: failed })}</p> : null}
      {!exists ? <p className="muted">{t("gone")}</p> : null}
      {content?.text === null ? <p className="muted">{t("binary")}</p> : null}
      {content === undefined && exists ? <p className="muted">{t("common:loading")}</p> : null}
      <div className="editor__host" data-verbatim="" ref={host} hidden={!content || content.text === null} />
    </div>
  );
}
