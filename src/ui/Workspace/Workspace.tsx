import { BackendPicker } from "../Backends/BackendPicker";
import { VolumeView } from "../Compromises/VolumeView";
import { FileEditor } from "../FileEditor/FileEditor";
import { FileTree } from "../FileTree/FileTree";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { DropZone } from "../Share/DropZone";
import { SharePanel } from "../Share/SharePanel";
import { useSelection, useSession } from "../session-context";
import "./Workspace.css";

export function Workspace() {
  const { stores, resetFiles } = useSession();
  const selection = useSelection();
  const { t } = useT("workspace");
  const cwd = useStore(stores.files, (f) => f.cwd);
  const file = useStore(selection, (s) => s.file);
  return (
    <div className="workspace">
      <BackendPicker />
      <div className="workspace__bar">
        <code title={t("cwdTitle")}>{cwd || "…"}</code>
        <button
          type="button"
          onClick={() => {
            // Asks first when the editor holds unsaved edits; "Keep editing" leaves the file open.
            void resetFiles().then((done) => done && selection.selectFile(null));
          }}
          title={t("resetTitle")}
        >
          {t("reset")}
        </button>
      </div>
      <SharePanel />
      <div className="workspace__split">
        <DropZone>
          <FileTree />
        </DropZone>
        {file ? <FileEditor key={file} path={file} /> : <p className="muted">{t("pickFile")}</p>}
      </div>
      <VolumeView />
    </div>
  );
}
