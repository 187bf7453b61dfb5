import { lazy, Suspense } from "react";
import { BackendPicker } from "../Backends/BackendPicker";
import { VolumeView } from "../Compromises/VolumeView";
import { FileTree } from "../FileTree/FileTree";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { DropZone } from "../Share/DropZone";
import { SharePanel } from "../Share/SharePanel";
import { useSelection, useSession } from "../session-context";
import "./Workspace.css";

// The editor loads with the first file opened: a visit may never open one.
const FileEditor = lazy(() => import("../FileEditor/FileEditor").then((m) => ({ default: m.FileEditor })));

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
        {file ? (
          <Suspense fallback={null}>
            <FileEditor key={file} path={file} />
          </Suspense>
        ) : (
          <p className="muted">{t("pickFile")}</p>
        )}
      </div>
      <VolumeView />
    </div>
  );
}
