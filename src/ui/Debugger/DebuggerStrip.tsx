import type { Breakpoint } from "@agent/breakpoints";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
import { withoutBreakpoint } from "./breakpoint-list";
import { PausedCallBox } from "./PausedCallBox";
import "./Debugger.css";

/**
 * Between the transcript and the composer: the breakpoints in force (each removable; the one list of
 * them, wherever they were set), and each call paused at one (PausedCallBox). Nothing shows while there
 * is neither.
 */
export function DebuggerStripBody() {
  const { t } = useT("debuggerStrip");
  const { stores, send } = useSession();
  const { breakpoints, paused } = useStore(stores.debug);
  if (breakpoints.length === 0 && paused.length === 0) return null;
  return (
    <section className="debugger" aria-label={t("title")}>
      <ul className="debugger__list" aria-label={t("listLabel")}>
        {breakpoints.map((b) => (
          <li key={b.id} className="debugger__chip">
            <span>{describe(b, t)}</span>
            <button
              type="button"
              aria-label={t("remove", { what: describe(b, t) })}
              onClick={() =>
                send({ type: "set_breakpoints", breakpoints: withoutBreakpoint(breakpoints, b.id) })
              }
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {paused.map((p) => (
        // A Step pauses the same call again at its next stage: a new box, with that stage's values.
        <PausedCallBox key={`${p.toolCallId}:${p.stage}`} call={p} />
      ))}
    </section>
  );
}

type T = ReturnType<typeof useT>["t"];
const describe = (b: Breakpoint, t: T) =>
  t(b.when ? "chipWhen" : "chip", {
    tool: b.tool === "*" ? t("anyTool") : b.tool,
    stage: t(`debugger:stage.${b.stage}`),
    when: b.when,
  });
