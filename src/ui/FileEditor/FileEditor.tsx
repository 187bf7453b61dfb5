import { useEffect, useRef, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import type { MountedEditor } from "./codemirror";

/**
 * The selected file in CodeMirror. Saving sends write_file, so the next tool call reads what was typed;
 * when a tool changes the file underneath, the buffer follows unless it has unsaved edits.
 */
export function FileEditor({ path }: { path: string }) {
  const { stores, send, readFile } = useSession();
  // Which version of the file the tree knows: its last change (a new mark each time), or the last reset.
  const version = useStore(stores.files, (f) => f.changed[path] ?? f.resets);
  const [content, setContent] = useState<{ text: string | null } | undefined>(undefined);
  const exists = useStore(stores.files, (f) => f.paths.includes(path));
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const saved = useRef<string | null>(null);
  const synced = useRef<string | null>(null);
  const save = useRef(() => {});
  save.current = () => {
    const text = editor.current?.getText();
    if (text === undefined) return;
    send({ type: "write_file", path, content: text });
    saved.current = text;
    setDirty(false);
  };

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
  useEffect(() => {
    if (text === undefined || text === null || !host.current) return;
    if (editor.current) {
      // Only a new text from the session moves the buffer (a tool changed the file), and never over
      // unsaved typing; re-renders for other reasons (dirty flipping on save) must not.
      if (text === synced.current) return;
      synced.current = text;
      if (dirty || editor.current.getText() === text) return;
      saved.current = text;
      editor.current.setText(text);
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
  }, [text, path, dirty]);

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
        <button type="button" onClick={() => save.current()} disabled={!dirty} title="Save (Ctrl+S)">
          Save
        </button>
      </div>
      {failed ? <p className="error">The editor could not load: {failed}</p> : null}
      {!exists ? <p className="muted">This file no longer exists.</p> : null}
      {content?.text === null ? <p className="muted">A binary file: the editor shows text only.</p> : null}
      {content === undefined && exists ? <p className="muted">Loading…</p> : null}
      <div className="editor__host" ref={host} hidden={!content || content.text === null} />
    </div>
  );
}
