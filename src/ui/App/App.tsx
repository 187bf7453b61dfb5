import { EventStream } from "../EventStream/EventStream";
import { useStore } from "../hooks/useStore";
import { Panel } from "../Panel/Panel";
import { useSession } from "../session-context";

function WorkspaceFiles() {
  const { events } = useSession();
  const ready = useStore(events, (s) => s.events.find((e) => e.type === "session_ready"));
  if (ready?.type !== "session_ready") return <p className="muted">Starting the session worker…</p>;
  return (
    <>
      <p className="muted">
        {ready.backend} · <code>{ready.cwd}</code>
      </p>
      <ul className="file-list" aria-label="Workspace files">
        {ready.files.map((f) => (
          <li key={f}>
            <code>{f}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

export function App() {
  return (
    <div className="app">
      <header className="app__bar">
        <h1>Pi Tool Playground</h1>
        <p className="app__tagline">pi 0.73.1's tools, running in this tab</p>
      </header>
      <main className="app__columns">
        <div className="app__column">
          <Panel id="workspace" title="Workspace" hint="The files every tool reads and writes.">
            <WorkspaceFiles />
          </Panel>
        </div>
        <div className="app__column">
          <Panel id="conversation" title="Conversation" hint="Tool calls and what the model receives.">
            <p className="muted">No calls yet.</p>
          </Panel>
        </div>
        <div className="app__column">
          <Panel id="system-prompt" title="System prompt" hint="What the model is told about the tools.">
            <p className="muted">Built from the active tools.</p>
          </Panel>
          <Panel id="event-stream" title="Event stream" hint="Everything the session emits, in order.">
            <EventStream />
          </Panel>
        </div>
      </main>
    </div>
  );
}
