import { type PanelId, panelOpen } from "@state/prefs";
import type { ReactNode } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { usePrefs } from "../session-context";
import "./Panel.css";

/** The id of the top bar's Panels button: focus goes there when a panel hides itself from the projector. */
export const PANELS_BUTTON_ID = "panels-menu-button";

/**
 * A titled region. In normal mode a presenter can collapse it to its header; in projector mode it is shown
 * or hidden whole (hidden, it stays mounted, so what it holds survives). The state lives in the UI prefs,
 * one set per mode.
 */
export function Panel({
  id,
  title,
  hint,
  grow = 1,
  children,
}: {
  id: PanelId;
  title: string;
  hint?: string;
  grow?: number;
  children: ReactNode;
}) {
  const prefs = usePrefs();
  const { t } = useT("panel");
  const projector = useStore(prefs, (p) => p.projector);
  const open = useStore(prefs, (p) => panelOpen(p, id));
  const collapsed = !projector && !open;
  const hide = () => {
    prefs.togglePanel(id);
    document.getElementById(PANELS_BUTTON_ID)?.focus();
  };
  return (
    <section
      className={`panel${collapsed ? " panel--collapsed" : ""}`}
      aria-labelledby={`${id}-title`}
      data-panel={id}
      hidden={projector && !open}
      style={{ flexGrow: collapsed ? 0 : grow }}
    >
      <header className="panel__header">
        {projector ? (
          <>
            <h2 id={`${id}-title`} className="panel__title">
              {title}
            </h2>
            <button
              type="button"
              className="panel__hide"
              onClick={hide}
              aria-label={t("hide", { title })}
              title={t("hideTitle", { title })}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </>
        ) : (
          <button
            type="button"
            className="panel__toggle"
            aria-expanded={!collapsed}
            aria-controls={`${id}-body`}
            onClick={() => prefs.togglePanel(id)}
            title={t(collapsed ? "show" : "collapse", { title })}
          >
            <span aria-hidden="true">{collapsed ? "▸" : "▾"}</span>
            <h2 id={`${id}-title`}>{title}</h2>
          </button>
        )}
        {hint ? <p className="panel__hint">{hint}</p> : null}
      </header>
      {collapsed ? null : (
        // A panel's body scrolls when its content is taller: reachable by keyboard, as a scrolling region
        // must be, even when nothing inside it takes focus (an empty timeline, a paused transcript).
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard */}
          <div className="panel__body" id={`${id}-body`} tabIndex={0}>
            {children}
          </div>
        </>
      )}
    </section>
  );
}
