import { DrillsMenu } from "../Drills/DrillsMenu";
import { useStore } from "../hooks/useStore";
import { PanelsMenu } from "../PanelsMenu/PanelsMenu";
import { useSession } from "../session-context";
import { WorkspacesMenu } from "../Workspaces/WorkspacesMenu";
import { WorkspacesNotice } from "../Workspaces/WorkspacesNotice";

/** Title, what the page is, and the presenter's switches. */
export function TopBar({ onShortcuts }: { onShortcuts: () => void }) {
  const { prefs, stores, exportEvents } = useSession();
  const theme = useStore(prefs, (p) => p.theme);
  const projector = useStore(prefs, (p) => p.projector);
  const backend = useStore(stores.files, (f) => f.backend);
  const ready = useStore(stores.status, (s) => s.ready);
  return (
    <header className="app__bar">
      <h1>Pi Tool Playground</h1>
      <p className="app__tagline">
        A model asks for a <strong>tool call</strong> (a name and JSON arguments); pi looks the name up in its
        dispatch table, checks the arguments, runs the tool on these files and sends the result back.
      </p>
      <span className="app__status" data-ready={ready}>
        {ready ? `session on ${backend || "memfs"}` : "starting the session…"}
      </span>
      <div className="app__switches">
        <WorkspacesMenu />
        <button type="button" onClick={exportEvents} title="Download every event as JSON Lines">
          Export events
        </button>
        <button
          type="button"
          aria-pressed={theme === "dark"}
          onClick={() => prefs.patch({ theme: theme === "dark" ? "light" : "dark" })}
        >
          Dark theme
        </button>
        <DrillsMenu />
        <PanelsMenu />
        <button type="button" aria-pressed={projector} onClick={() => prefs.patch({ projector: !projector })}>
          Projector mode
        </button>
        <button
          type="button"
          onClick={onShortcuts}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
        >
          ?
        </button>
      </div>
      <WorkspacesNotice />
    </header>
  );
}
