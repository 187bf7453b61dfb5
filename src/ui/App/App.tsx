import { PANEL_IDS, panelOpen } from "@state/prefs";
import { Fragment, lazy, Suspense, useMemo, useState } from "react";
import { ColumnResizer } from "../ColumnResizer/ColumnResizer";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";
import { type Shortcut, useShortcuts } from "../hooks/useShortcuts";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { Narrator } from "../Narrator/Narrator";
import { Panel } from "../Panel/Panel";
import { ReplayBar, ReplayWorkspaceNote } from "../Replay/ReplayBar";
import { LiveOnly } from "../Replay/ReplaySession";
import { useReplayShown } from "../Replay/useReplay";
import { LinkOpener } from "../Share/LinkOpener";
import { usePrefs, useSession } from "../session-context";
import { TopBar } from "../TopBar/TopBar";
import { PANELS } from "./panels";
import "../projector.css";

// The shortcuts list loads the first time it is asked for (?).
const ShortcutsDialog = lazy(() =>
  import("../ShortcutsDialog/ShortcutsDialog").then((m) => ({ default: m.ShortcutsDialog })),
);

import { OnDemandDialogs } from "./OnDemandDialogs";
import "../i18n/cjk.css";

/** Projector columns' widths: the calls get the most room, a shown workspace the least. */
const PROJECTOR_WIDTHS = ["0.8fr", "1.1fr", "1fr"];

/** The projector grid's columns, for the columns holding a shown panel; projector.css lays out three. */
function projectorTemplate(shown: readonly boolean[]): string | undefined {
  const widths = PROJECTOR_WIDTHS.filter((_, c) => shown[c]);
  if (widths.length === 3) return undefined;
  return widths.length === 0 ? "minmax(0, 1fr)" : widths.map((w) => `minmax(0, ${w})`).join(" ");
}

/**
 * Layout only: three columns of panels. Normal mode: resizable columns of collapsible panels. Projector
 * mode: the panels the presenter picked, in as few columns as hold them.
 */
export function App() {
  const { send, stores, abort } = useSession();
  const prefs = usePrefs();
  const columns = useStore(prefs, (p) => p.columns);
  const projector = useStore(prefs, (p) => p.projector);
  // Which of the three columns hold a shown panel (projector mode hides a column with none).
  const filled = useStore(prefs, (p) =>
    [0, 1, 2].map((c) => PANELS.some((s) => s.column.projector === c && panelOpen(p, s.id))).join(","),
  );
  const [help, setHelp] = useState(false);
  // Once asked for, the dialog stays mounted (closing it keeps its chunk and its focus return).
  const [helpUsed, setHelpUsed] = useState(false);
  if (help && !helpUsed) setHelpUsed(true);
  // An imported events file is shown: the workspace's files and controls belong to the live session.
  const replaying = useReplayShown() !== null;
  const { t } = useT("app");

  const shortcuts = useMemo<Shortcut[]>(
    () => [
      {
        key: "Escape",
        label: t("keys.abort"),
        global: true,
        run: () => (help ? setHelp(false) : abort()),
      },
      { key: "?", label: t("keys.help"), run: () => setHelp(true) },
      {
        key: "k",
        label: t("keys.play"),
        run: () => {
          const s = stores.status.getSnapshot().scenario;
          if (!s) return;
          send(
            s.status === "playing" ? { type: "scenario_pause" } : { type: "scenario_play", speed: s.speed },
          );
        },
      },
      { key: ".", label: t("keys.step"), run: () => send({ type: "scenario_step" }) },
      {
        key: "t",
        label: t("keys.theme"),
        run: () => prefs.patch({ theme: prefs.getSnapshot().theme === "dark" ? "light" : "dark" }),
      },
      {
        key: "p",
        label: t("keys.projector"),
        run: () => prefs.patch({ projector: !prefs.getSnapshot().projector }),
      },
      ...PANELS.map((s, i) => ({
        key: String(i + 1),
        label: t(projector ? "keys.panelProjector" : "keys.panelNormal", {
          n: i + 1,
          title: t(`common:panels.${s.id}.title`).toLowerCase(),
        }),
        run: () => prefs.togglePanel(s.id),
      })),
    ],
    [help, abort, send, stores, prefs, projector, t],
  );
  useShortcuts(shortcuts);

  const mode = projector ? "projector" : "normal";
  const shown = filled.split(",").map((f) => f === "true");
  const count = shown.filter(Boolean).length;
  const template = projector
    ? projectorTemplate(shown)
    : `${columns[0]}fr auto ${columns[1]}fr auto ${columns[2]}fr`;
  return (
    <OnDemandDialogs>
      <div className="app">
        <TopBar onShortcuts={() => setHelp(true)} />
        <ReplayBar />
        <main
          className={`app__columns app__columns--${mode}`}
          data-columns={projector ? count : 3}
          style={{ gridTemplateColumns: template }}
        >
          {[0, 1, 2].map((c) => (
            <Fragment key={c}>
              {c > 0 && !projector ? (
                <ColumnResizer index={(c - 1) as 0 | 1} label={t(c === 1 ? "resize0" : "resize1")} />
              ) : null}
              <div className={`app__column app__column--${c}`} hidden={projector && !shown[c]}>
                {PANELS.filter((s) => s.column[mode] === c).map((s) => (
                  <Panel
                    key={s.id}
                    id={s.id}
                    title={t(`common:panels.${s.id}.title`)}
                    hint={t(`common:panels.${s.id}.hint`)}
                    grow={s.grow[mode]}
                  >
                    {s.id === "workspace" ? (
                      <>
                        <LiveOnly>
                          <s.Body />
                        </LiveOnly>
                        {replaying ? <ReplayWorkspaceNote /> : null}
                      </>
                    ) : (
                      <s.Body />
                    )}
                  </Panel>
                ))}
              </div>
            </Fragment>
          ))}
          {projector && !shown.some(Boolean) ? (
            <p className="app__empty">{t("noPanels", { last: PANEL_IDS.length })}</p>
          ) : null}
        </main>
        <Narrator />
        {helpUsed ? (
          <Suspense fallback={null}>
            <ShortcutsDialog open={help} shortcuts={shortcuts} onClose={() => setHelp(false)} />
          </Suspense>
        ) : null}
        <ConfirmDialog />
        <LinkOpener />
      </div>
    </OnDemandDialogs>
  );
}
