import { ANY_TOOL, BREAK_STAGES } from "@agent/breakpoints";
import { useId, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
import { withBreakpoint } from "./breakpoint-list";

/**
 * In a tool's details: pause its calls before execute (pi's beforeToolCall) or after it (afterToolCall),
 * every call or only those whose arguments contain a text. The list lives in the session.
 */
export function BreakpointControls({ tool }: { tool: string }) {
  const { t } = useT("debugger");
  const { stores, send } = useSession();
  const list = useStore(stores.debug, (s) => s.breakpoints);
  const [when, setWhen] = useState("");
  const whenId = useId();
  const mine = list.filter((b) => b.tool === tool || b.tool === ANY_TOOL);
  return (
    <div className="breakpoint-controls">
      <h4>{t("setTitle")}</h4>
      <label htmlFor={whenId} className="breakpoint-controls__when">
        <span>{t("when")}</span>
        <input
          id={whenId}
          value={when}
          spellCheck={false}
          placeholder={t("whenPlaceholder")}
          onChange={(e) => setWhen(e.target.value)}
        />
      </label>
      <div className="breakpoint-controls__buttons">
        {BREAK_STAGES.map((stage) => (
          <button
            key={stage}
            type="button"
            onClick={() =>
              send({ type: "set_breakpoints", breakpoints: withBreakpoint(list, tool, stage, when) })
            }
          >
            {t(`add.${stage}`, { tool })}
          </button>
        ))}
      </div>
      {mine.length > 0 ? <p className="muted">{t("setCount", { count: mine.length })}</p> : null}
    </div>
  );
}
