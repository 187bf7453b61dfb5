import { useMemo, useState } from "react";
import { ColumnResizer } from "../ColumnResizer/ColumnResizer";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";
import { Conversation } from "../Conversation/Conversation";
import { DispatchTable } from "../DispatchTable/DispatchTable";
import { EventStream } from "../EventStream/EventStream";
import { type Shortcut, useShortcuts } from "../hooks/useShortcuts";
import { useStore } from "../hooks/useStore";
import { Narrator } from "../Narrator/Narrator";
import { Panel } from "../Panel/Panel";
import { ShortcutsDialog } from "../ShortcutsDialog/ShortcutsDialog";
import { SystemPrompt } from "../SystemPrompt/SystemPrompt";
import { useSession } from "../session-context";
import { Timeline } from "../Timeline/Timeline";
import { TopBar } from "../TopBar/TopBar";
import { Workspace } from "../Workspace/Workspace";

const PANELS = ["workspace", "dispatch", "conversation", "timeline", "system-prompt", "event-stream"];

/** Layout only: three resizable columns of collapsible panels. */
export function App() {
  const session = useSession();
  const { prefs, send, stores, abort } = session;
  const columns = useStore(prefs, (p) => p.columns);
  const projector = useStore(prefs, (p) => p.projector);
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
        label: "projector mode (larger type, fewer panels)",
        run: () => prefs.patch({ projector: !prefs.getSnapshot().projector }),
      },
      ...PANELS.map((id, i) => ({
        key: String(i + 1),
        label: `collapse or show panel ${i + 1} (${id.replace("-", " ")})`,
        run: () => prefs.toggleCollapsed(id),
      })),
    ],
    [help, abort, send, stores, prefs],
  );
  useShortcuts(shortcuts);

  return (
    <div className="app">
      <TopBar onShortcuts={() => setHelp(true)} />
      <main
        className="app__columns"
        style={{ gridTemplateColumns: `${columns[0]}fr auto ${columns[1]}fr auto ${columns[2]}fr` }}
      >
        <div className="app__column">
          <Panel id="workspace" title="Workspace" hint="The files every tool reads and writes.">
            <Workspace />
          </Panel>
          {projector ? null : (
            <Panel
              id="dispatch"
              title="Dispatch table"
              hint="Tool name → tool. Its state decides what the model is told."
            >
              <DispatchTable />
            </Panel>
          )}
        </div>
        <ColumnResizer index={0} label="Resize the workspace and conversation columns" />
        <div className="app__column">
          <Panel
            id="conversation"
            title="Conversation"
            hint="Tool calls and what the model receives."
            grow={3}
          >
            <Conversation />
          </Panel>
          <Panel id="timeline" title="Timeline" hint="Each call's trip through the pipeline." grow={2}>
            <Timeline />
          </Panel>
        </div>
        <ColumnResizer index={1} label="Resize the conversation and system prompt columns" />
        <div className="app__column">
          <Panel
            id="system-prompt"
            title="System prompt"
            hint="What the model is told about the tools."
            grow={projector ? 1 : 1.2}
          >
            <SystemPrompt />
          </Panel>
          {projector ? null : (
            <Panel id="event-stream" title="Event stream" hint="Everything the session emits, in order.">
              <EventStream />
            </Panel>
          )}
        </div>
      </main>
      <Narrator />
      <ShortcutsDialog open={help} shortcuts={shortcuts} onClose={() => setHelp(false)} />
      <ConfirmDialog />
    </div>
  );
}
