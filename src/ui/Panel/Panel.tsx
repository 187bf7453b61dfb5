import type { ReactNode } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

/** A titled region that a presenter can collapse to its header; the state lives in the UI prefs. */
export function Panel({
  id,
  title,
  hint,
  grow = 1,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  grow?: number;
  children: ReactNode;
}) {
  const { prefs } = useSession();
  const collapsed = useStore(prefs, (p) => p.collapsed[id] === true);
  return (
    <section
      className={`panel${collapsed ? " panel--collapsed" : ""}`}
      aria-labelledby={`${id}-title`}
      data-panel={id}
      style={{ flexGrow: collapsed ? 0 : grow }}
    >
      <header className="panel__header">
        <button
          type="button"
          className="panel__toggle"
          aria-expanded={!collapsed}
          aria-controls={`${id}-body`}
          onClick={() => prefs.toggleCollapsed(id)}
          title={collapsed ? `Show ${title}` : `Collapse ${title}`}
        >
          <span aria-hidden="true">{collapsed ? "▸" : "▾"}</span>
          <h2 id={`${id}-title`}>{title}</h2>
        </button>
        {hint ? <p className="panel__hint">{hint}</p> : null}
      </header>
      {collapsed ? null : (
        <div className="panel__body" id={`${id}-body`}>
          {children}
        </div>
      )}
    </section>
  );
}
