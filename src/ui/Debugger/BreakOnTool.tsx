import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
import { hasToolBreakpoint, toggledToolBreakpoint } from "./breakpoint-list";

/**
 * A lane's breakpoint toggle on the timeline: pause this tool's calls before execute (pi's
 * beforeToolCall), or take that breakpoint away again. The breakpoint joins the one list above the
 * composer, where every breakpoint is listed whichever place set it.
 */
export function BreakOnTool({ tool }: { tool: string }) {
  const { t } = useT("debugger");
  const { stores, send } = useSession();
  const list = useStore(stores.debug, (s) => s.breakpoints);
  const on = hasToolBreakpoint(list, tool);
  const label = t("fromTimeline", { tool });
  return (
    <button
      type="button"
      className="lane__break"
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={() => send({ type: "set_breakpoints", breakpoints: toggledToolBreakpoint(list, tool) })}
    >
      <span aria-hidden="true">⏸</span>
    </button>
  );
}
