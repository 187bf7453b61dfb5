import { useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useWorkspaces, type WorkspacesHandle } from "./types";
import { saveSentence } from "./WorkspacesMenu";

/**
 * What the learner must know about the saved workspace without opening the menu: it opened read-only
 * (another tab has it, and what that tab saved since), a saved record could not be read, or a save
 * failed for lack of space. Stays until dismissed; read-only stays while it lasts, with its ways out.
 */
export function WorkspacesNotice() {
  const workspaces = useWorkspaces();
  if (!workspaces) return null;
  return <Notice workspaces={workspaces} />;
}

function Notice({ workspaces }: { workspaces: WorkspacesHandle }) {
  const { t, format, language } = useT("workspaces");
  const view = useStore(workspaces.view);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const name = view.current?.name ?? "";
  let key: string | null = null;
  let text = "";
  if (view.mode === "read-only") {
    key = "read-only";
    text = t("why.readOnly");
    if (view.otherTabSavedAt !== null)
      text += ` ${t("why.otherTabSaved", { time: new Date(view.otherTabSavedAt).toLocaleTimeString(language) })}`;
  } else if (view.restore?.kind === "corrupt") {
    key = "corrupt";
    text = t("restore.corrupt", { name, detail: view.restore.detail });
  } else if (view.restore?.kind === "newer") {
    key = "newer";
    text = t("restore.newer", { name, version: view.restore.version });
  } else if (view.save.kind === "not_saved") {
    key = view.save.reason;
    text = saveSentence(view.save, t, format, language);
  }
  if (!key || dismissed === key) return null;
  return (
    <div className="workspaces-notice" role="alert">
      <p>{text}</p>
      {view.mode === "read-only" ? (
        <>
          <button
            type="button"
            disabled={view.busy}
            onClick={() => void workspaces.openAsCopy(t("copyName", { name }))}
          >
            {t("openAsCopy")}
          </button>
          {view.otherTabSavedAt !== null ? (
            <button type="button" onClick={() => workspaces.reload()}>
              {t("reload")}
            </button>
          ) : null}
        </>
      ) : (
        <button type="button" onClick={() => setDismissed(key)}>
          {t("dismiss")}
        </button>
      )}
    </div>
  );
}
