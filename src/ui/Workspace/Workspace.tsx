import { BackendPicker } from "../Backends/BackendPicker";
import { VolumeView } from "../Compromises/VolumeView";
import { FileEditor } from "../FileEditor/FileEditor";
import { FileTree } from "../FileTree/FileTree";
import { useStore } from "../hooks/useStore";
import { DropZone } from "../Share/DropZone";
import { SharePanel } from "../Share/SharePanel";
import { useSession } from "../session-context";

export function Workspace() {
  const { stores, selection, resetFiles } = useSession();
  const cwd = useStore(stores.files, (f) => f.cwd);
  const file = useStore(selection, (s) => s.file);
  return (
    <div className="workspace">
      <BackendPicker />
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
      <SharePanel />
      <div className="workspace__split">
        <DropZone>
          <FileTree />
        </DropZone>
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
