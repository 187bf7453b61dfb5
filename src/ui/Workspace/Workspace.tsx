import { FileEditor } from "../FileEditor/FileEditor";
import { FileTree } from "../FileTree/FileTree";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";

/** Why WebContainer cannot be picked here, in words a learner can act on: a key of the workspace strings. */
function webContainerReason(): "wcNotIsolated" | "wcOffline" | "wcNotWired" {
  if (!globalThis.crossOriginIsolated) return "wcNotIsolated";
  if (!navigator.onLine) return "wcOffline";
  return "wcNotWired";
}

export function Workspace() {
  const { stores, selection, resetFiles } = useSession();
  const { t } = useT("workspace");
  const cwd = useStore(stores.files, (f) => f.cwd);
  const backend = useStore(stores.files, (f) => f.backend);
  const file = useStore(selection, (s) => s.file);
  return (
    <div className="workspace">
      <fieldset className="backend-switch">
        <legend>{t("backend")}</legend>
        <label>
          <input type="radio" name="backend" value="memfs" checked={backend !== "webcontainer"} readOnly />
          memfs <span className="muted">{t("memfsNote")}</span>
        </label>
        <label className="backend-switch__off">
          <input type="radio" name="backend" value="webcontainer" disabled aria-describedby="wc-reason" />
          WebContainer
        </label>
        <p id="wc-reason" className="muted backend-switch__reason">
          {t("wcReason", { reason: t(webContainerReason()) })}
        </p>
      </fieldset>
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
      <div className="workspace__split">
        <FileTree />
        {file ? <FileEditor key={file} path={file} /> : <p className="muted">{t("pickFile")}</p>}
      </div>
    </div>
  );
}
