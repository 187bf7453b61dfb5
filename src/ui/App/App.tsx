import { PANEL_IDS, panelOpen } from "@state/prefs";
import { Fragment, useMemo, useState } from "react";
import { ColumnResizer } from "../ColumnResizer/ColumnResizer";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";
import { type Shortcut, useShortcuts } from "../hooks/useShortcuts";
import { useStore } from "../hooks/useStore";
import { Narrator } from "../Narrator/Narrator";
import { Panel } from "../Panel/Panel";
import { LinkOpener } from "../Share/LinkOpener";
import { ShortcutsDialog } from "../ShortcutsDialog/ShortcutsDialog";
import { useSession } from "../session-context";
import { TopBar } from "../TopBar/TopBar";
import { PANELS } from "./panels";
import "../projector.css";

const RESIZER_LABELS = [
  "Resize the workspace and conversation columns",
  "Resize the conversation and system prompt columns",
] as const;
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
  const session = useSession();
  const { prefs, send, stores, abort } = session;
  const columns = useStore(prefs, (p) => p.columns);
  const projector = useStore(prefs, (p) => p.projector);
  // Which of the three columns hold a shown panel (projector mode hides a column with none).
  const filled = useStore(prefs, (p) =>
    [0, 1, 2].map((c) => PANELS.some((s) => s.column.projector === c && panelOpen(p, s.id))).join(","),
  );
  const [help, setHelp] = useState(false);

  const shortcuts = useMemo<Shortcut[]>(
    () => [
      {
        key: "Escape",
        label: "abort the running call or run",
        global: true,
        run: () => (help ? setHelp(false) : abort()),
      },
      { key: "?", label: "show this list", run: () => setHelp(true) },
      {
        key: "k",
        label: "play / pause the scenario",
        run: () => {
          const s = stores.status.getSnapshot().scenario;
          if (!s) return;
          send(
            s.status === "playing" ? { type: "scenario_pause" } : { type: "scenario_play", speed: s.speed },
          );
        },
      },
      { key: ".", label: "take one scenario step", run: () => send({ type: "scenario_step" }) },
      {
        key: "t",
        label: "light / dark theme",
        run: () => prefs.patch({ theme: prefs.getSnapshot().theme === "dark" ? "light" : "dark" }),
      },
      {
        key: "p",
        label: "projector mode (larger type, the panels picked under Panels)",
        run: () => prefs.patch({ projector: !prefs.getSnapshot().projector }),
      },
      ...PANELS.map((s, i) => ({
        key: String(i + 1),
        label: projector
          ? `show or hide panel ${i + 1} (${s.title.toLowerCase()}) in projector mode`
          : `collapse or open panel ${i + 1} (${s.title.toLowerCase()})`,
        run: () => prefs.togglePanel(s.id),
      })),
    ],
    [help, abort, send, stores, prefs, projector],
  );
  useShortcuts(shortcuts);

  const mode = projector ? "projector" : "normal";
  const shown = filled.split(",").map((f) => f === "true");
  const count = shown.filter(Boolean).length;
  const template = projector
    ? projectorTemplate(shown)
    : `${columns[0]}fr auto ${columns[1]}fr auto ${columns[2]}fr`;
  return (
    <div className="app">
      <TopBar onShortcuts={() => setHelp(true)} />
      <main
        className={`app__columns app__columns--${mode}`}
        data-columns={projector ? count : 3}
        style={{ gridTemplateColumns: template }}
      >
        {[0, 1, 2].map((c) => (
          <Fragment key={c}>
            {c > 0 && !projector ? (
              <ColumnResizer index={(c - 1) as 0 | 1} label={RESIZER_LABELS[c - 1]} />
            ) : null}
            <div className={`app__column app__column--${c}`} hidden={projector && !shown[c]}>
              {PANELS.filter((s) => s.column[mode] === c).map((s) => (
                <Panel key={s.id} id={s.id} title={s.title} hint={s.hint} grow={s.grow[mode]}>
                  <s.Body />
                </Panel>
              ))}
            </div>
          </Fragment>
        ))}
        {projector && !shown.some(Boolean) ? (
          <p className="app__empty">
            Projector mode shows no panels. Pick some under Panels in the top bar, or press 1 to{" "}
            {PANEL_IDS.length}.
          </p>
        ) : null}
      </main>
      <Narrator />
      <ShortcutsDialog open={help} shortcuts={shortcuts} onClose={() => setHelp(false)} />
      <ConfirmDialog />
      <LinkOpener />
    </div>
  );
}
