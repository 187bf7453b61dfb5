import { DrillsMenu } from "../Drills/DrillsMenu";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { LanguagePicker } from "../LanguagePicker/LanguagePicker";
import { PanelsMenu } from "../PanelsMenu/PanelsMenu";
import { ImportEventsButton } from "../Replay/ImportEventsButton";
import { usePrefs, useSession } from "../session-context";
import { UpdateNotice } from "../UpdateNotice/UpdateNotice";
import { VersionPicker } from "../VersionPicker/VersionPicker";
import { WorkspacesMenu } from "../Workspaces/WorkspacesMenu";
import { WorkspacesNotice } from "../Workspaces/WorkspacesNotice";
import "./TopBar.css";

/** Title, what the page is, and the presenter's switches. */
export function TopBar({ onShortcuts }: { onShortcuts: () => void }) {
  const { stores, exportEvents } = useSession();
  const prefs = usePrefs();
  const { t } = useT("topBar");
  const theme = useStore(prefs, (p) => p.theme);
  const projector = useStore(prefs, (p) => p.projector);
  const backend = useStore(stores.files, (f) => f.backend);
  const ready = useStore(stores.status, (s) => s.ready);
  return (
    <header className="app__bar">
      <h1>{t("title")}</h1>
      <p className="app__tagline">
        {t("taglineBefore")} <strong>{t("toolCall")}</strong> {t("taglineAfter")}
      </p>
      <span className="app__status" data-ready={ready}>
        {ready ? t("sessionOn", { backend: backend || "memfs" }) : t("starting")}
      </span>
      <div className="app__switches">
        <VersionPicker />
        <LanguagePicker />
        <WorkspacesMenu />
        <button
          type="button"
          className="app__events-file"
          onClick={exportEvents}
          title={t("exportEventsTitle")}
        >
          {t("exportEvents")}
        </button>
        <ImportEventsButton />
        <button
          type="button"
          aria-pressed={theme === "dark"}
          onClick={() => prefs.patch({ theme: theme === "dark" ? "light" : "dark" })}
        >
          {t("darkTheme")}
        </button>
        <DrillsMenu />
        <PanelsMenu />
        <button type="button" aria-pressed={projector} onClick={() => prefs.patch({ projector: !projector })}>
          {t("projector")}
        </button>
        <button type="button" onClick={onShortcuts} aria-label={t("shortcuts")} title={t("shortcutsTitle")}>
          ?
        </button>
      </div>
      <WorkspacesNotice />
      <UpdateNotice />
    </header>
  );
}
