import type { PanelId } from "@state/prefs";
import { PANELS } from "../App/panels";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";
import { useT } from "../i18n";
import { Narrator } from "../Narrator/Narrator";
import { Panel } from "../Panel/Panel";
import "../projector.css";
import "../i18n/cjk.css";
import "./EmbedApp.css";

/** Why the lesson page cannot drive the widget (bridge.ts checkHost), or null when it can. */
export type EmbedProblem = "missing" | "mismatch" | null;

/**
 * The page inside a lesson page's iframe (docs/embedding.md): the panels the address names, side by side
 * and filling the frame, with none of the page's own chrome (top bar, menus, workspaces, share links).
 * The dialogs a panel itself may open (a question before a reload over typing) stay.
 */
export default function EmbedApp({ panels, problem }: { panels: readonly PanelId[]; problem: EmbedProblem }) {
  const { t } = useT("embed");
  const shown = panels.flatMap((id) => PANELS.filter((p) => p.id === id));
  return (
    <div className="embed">
      {problem ? (
        <p className="embed__problem" role="status">
          {t(`problem.${problem}`)}
        </p>
      ) : null}
      <main className="embed__panels" aria-label={t("label")} data-panels={shown.length}>
        {shown.map((s) => (
          <Panel
            key={s.id}
            id={s.id}
            title={t(`common:panels.${s.id}.title`)}
            hint={t(`common:panels.${s.id}.hint`)}
          >
            <s.Body />
          </Panel>
        ))}
      </main>
      <Narrator />
      <ConfirmDialog />
    </div>
  );
}
