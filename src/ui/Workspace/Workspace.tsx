import { VolumeView } from "../Compromises/VolumeView";
import { FileEditor } from "../FileEditor/FileEditor";
import { FileTree } from "../FileTree/FileTree";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

/** Why WebContainer cannot be picked here, in words a learner can act on. */
function webContainerReason(): string {
  if (!globalThis.crossOriginIsolated)
    return "unavailable: it needs a cross-origin-isolated page (COOP/COEP headers) and StackBlitz's servers; this page runs offline on memfs";
  if (!navigator.onLine) return "unavailable offline: it boots from StackBlitz's servers";
  return "not wired into this build yet; memfs runs every tool";
}

export function Workspace() {
  const { stores, selection, resetFiles } = useSession();
  const cwd = useStore(stores.files, (f) => f.cwd);
  const backend = useStore(stores.files, (f) => f.backend);
  const file = useStore(selection, (s) => s.file);
  return (
    <div className="workspace">
      <fieldset className="backend-switch">
        <legend>Backend</legend>
        <label>
          <input type="radio" name="backend" value="memfs" checked={backend !== "webcontainer"} readOnly />
          memfs <span className="muted">(in-memory files, bash interpreter)</span>
        </label>
        <label className="backend-switch__off">
          <input type="radio" name="backend" value="webcontainer" disabled aria-describedby="wc-reason" />
          WebContainer
        </label>
        <p id="wc-reason" className="muted backend-switch__reason">
          WebContainer: {webContainerReason()}.
        </p>
      </fieldset>
      <div className="workspace__bar">
        <code title="The directory every relative path is resolved against">{cwd || "…"}</code>
        <button
          type="button"
          onClick={() => {
            // Asks first when the editor holds unsaved edits; "Keep editing" leaves the file open.
            void resetFiles().then((done) => done && selection.selectFile(null));
          }}
          title="Put back the preset files (the conversation is kept)"
        >
          Reset files
        </button>
      </div>
      <div className="workspace__split">
        <FileTree />
        {file ? (
          <FileEditor key={file} path={file} />
        ) : (
          <p className="muted">Pick a file to open it in the editor.</p>
        )}
      </div>
      <VolumeView />
    </div>
  );
}
