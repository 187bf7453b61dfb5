import type { Breakpoint } from "@agent/breakpoints";
import type { PausedCall } from "@state/breakpoints";
import { useId, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
import { withoutBreakpoint } from "./breakpoint-list";
import "./Debugger.css";

/**
 * Between the transcript and the composer: the breakpoints in force (each removable), and each call
 * paused at one, with its arguments (or result) editable as JSON and the learner's four choices. Nothing
 * shows while there is neither.
 */
export function DebuggerStripBody() {
  const { t } = useT("debugger");
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
        <PausedCallBox key={p.toolCallId} call={p} />
      ))}
    </section>
  );
}

type T = ReturnType<typeof useT>["t"];
const describe = (b: Breakpoint, t: T) =>
  t(b.when ? "chipWhen" : "chip", {
    tool: b.tool === "*" ? t("anyTool") : b.tool,
    stage: t(`stage.${b.stage}`),
    when: b.when,
  });

function PausedCallBox({ call }: { call: PausedCall }) {
  const { t } = useT("debugger");
  const { send } = useSession();
  const before = call.stage === "before_execute";
  const shown = before ? call.args : { content: call.result?.content, isError: call.isError };
  const original = JSON.stringify(shown, null, 2);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState("");
  const ids = { editor: useId(), reason: useId(), error: useId() };
  let parsed: unknown;
  let invalid = false;
  try {
    parsed = JSON.parse(text);
  } catch {
    invalid = true;
  }
  const edited = !invalid && text !== original;
  const resume = (action: "continue" | "skip" | "abort") =>
    send({
      type: "resume_call",
      toolCallId: call.toolCallId,
      action,
      ...(action === "continue" && edited
        ? before
          ? { args: parsed }
          : { result: parsed as Record<string, unknown> }
        : {}),
      ...(action === "skip" && reason.trim() ? { reason: reason.trim() } : {}),
    });
  return (
    <fieldset className="debugger__paused" data-paused={call.toolCallId}>
      <legend className="sr-only">{t("pausedLabel", { tool: call.toolName })}</legend>
      <p className="debugger__where">
        <strong>{t(`paused.${call.stage}`, { tool: call.toolName })}</strong> <code>{call.toolCallId}</code>
      </p>
      <label htmlFor={ids.editor} className="debugger__field">
        <span>{t(before ? "editArgs" : "editResult")}</span>
        <textarea
          id={ids.editor}
          value={text}
          rows={Math.min(8, original.split("\n").length)}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid || call.refused ? ids.error : undefined}
        />
      </label>
      {invalid ? (
        <p id={ids.error} className="error">
          {t("notJson")}
        </p>
      ) : call.refused ? (
        <p id={ids.error} className="error" lang="en">
          {t("refused")} {call.refused}
        </p>
      ) : null}
      <div className="debugger__actions">
        <button type="button" className="primary" disabled={invalid} onClick={() => resume("continue")}>
          {t(edited ? "continueEdited" : "continue")}
        </button>
        {before ? (
          <>
            <label htmlFor={ids.reason} className="debugger__reason">
              <span>{t("reason")}</span>
              <input id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            <button type="button" onClick={() => resume("skip")}>
              {t("skip")}
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => resume("abort")}>
          {t("abort")}
        </button>
      </div>
    </fieldset>
  );
}
