import { useEffect, useRef, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import type { MountedEditor } from "./codemirror";
import "./FileEditor.css";

/**
 * The selected file in CodeMirror. Saving sends write_file, so the next tool call reads what was typed.
 * When a tool changes the file underneath, the buffer follows; with unsaved edits it does not, and the
 * editor says so and lets the learner choose (a Save then would silently undo the tool's change).
 */
export function FileEditor({ path }: { path: string }) {
  const { stores, send, readFile, unsaved } = useSession();
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
        {dirty ? <span className="editor__dirty">unsaved</span> : null}
        <button
          type="button"
          onClick={() => save.current()}
          disabled={!dirty || conflict !== null}
          title={conflict !== null ? "Choose which version to keep first" : "Save (Ctrl+S)"}
        >
          Save
        </button>
      </div>
      {conflict !== null ? (
        <div className="editor__conflict" role="alert">
          <p>
            A tool changed <code>{path}</code> since you started editing it. Saving now would undo the tool's
            change. Which version do you want?
          </p>
          <div className="editor__conflict-buttons">
            <button type="button" onClick={keepMine}>
              Keep mine
            </button>
            <button type="button" onClick={takeTheirs}>
              Take the tool's version
            </button>
          </div>
          <details>
            <summary>Show the tool's version</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls, so it must take focus to scroll by keyboard */}
            <pre className="editor__theirs" tabIndex={0}>
              {conflict}
            </pre>
          </details>
        </div>
      ) : null}
      {failed ? <p className="error">The editor could not load: {failed}</p> : null}
      {!exists ? <p className="muted">This file no longer exists.</p> : null}
      {content?.text === null ? <p className="muted">A binary file: the editor shows text only.</p> : null}
      {content === undefined && exists ? <p className="muted">Loading…</p> : null}
      <div className="editor__host" ref={host} hidden={!content || content.text === null} />
    </div>
  );
}
