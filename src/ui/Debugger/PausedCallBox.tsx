import { BREAK_STAGES, isArgsStage, nextStage } from "@agent/breakpoints";
import type { PausedCall } from "@state/breakpoints";
import { useId, useState } from "react";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";

type Action = "continue" | "step" | "skip" | "abort";

/**
 * One paused call: where in the pipeline it stopped (the five stages, this one marked), its arguments or
 * result editable as JSON, and the learner's choices: Continue, Step (to the next stage, paused there),
 * Skip (before it runs) and Abort. In a model-mode run it says what the model's request is doing meanwhile.
 */
export function PausedCallBox({ call }: { call: PausedCall }) {
  const { t } = useT("debuggerStrip");
  const { send } = useSession();
  const before = isArgsStage(call.stage);
  const next = nextStage(call.stage);
  const shown = before ? call.args : { content: call.result?.content, isError: call.isError };
  const original = JSON.stringify(shown, null, 2);
  const [text, setText] = useState(original);
  const [reason, setReason] = useState("");
  const ids = { editor: useId(), reason: useId(), error: useId(), model: useId() };
  let parsed: unknown;
  let invalid = false;
  try {
    parsed = JSON.parse(text);
  } catch {
    invalid = true;
  }
  const edited = !invalid && text !== original;
  const resume = (action: Action) =>
    send({
      type: "resume_call",
      toolCallId: call.toolCallId,
      action,
      ...((action === "continue" || action === "step") && edited
        ? before
          ? { args: parsed }
          : { result: parsed as Record<string, unknown> }
        : {}),
      ...(action === "skip" && reason.trim() ? { reason: reason.trim() } : {}),
    });
  const refused = call.refused;
  return (
    <fieldset
      className="debugger__paused"
      data-paused={call.toolCallId}
      data-stage={call.stage}
      aria-describedby={call.inModelRun ? ids.model : undefined}
    >
      <legend className="sr-only">{t("pausedLabel", { tool: call.toolName })}</legend>
      <ol className="debugger__stages" aria-label={t("where")}>
        {BREAK_STAGES.map((stage) => (
          <li key={stage} aria-current={stage === call.stage ? "step" : undefined}>
            {t(`debugger:stage.${stage}`)}
          </li>
        ))}
      </ol>
      <p className="debugger__where">
        <strong>{t(`paused.${call.stage}`, { tool: call.toolName })}</strong> <code>{call.toolCallId}</code>
        {call.breakpoint === undefined ? <span className="muted"> {t("stepped")}</span> : null}
      </p>
      {call.inModelRun ? (
        <p id={ids.model} className="debugger__model">
          {t("modelWaits")}
        </p>
      ) : null}
      <label htmlFor={ids.editor} className="debugger__field">
        <span>
          {t(!before ? "editResult" : call.stage === "after_prepare" ? "editPrepared" : "editArgs")}
        </span>
        <textarea
          id={ids.editor}
          value={text}
          rows={Math.min(8, original.split("\n").length)}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid || refused ? ids.error : undefined}
        />
      </label>
      {invalid ? (
        <p id={ids.error} className="error">
          {t("notJson")}
        </p>
      ) : refused?.part ? (
        <p id={ids.error} className="error">
          {t(`badResult.${refused.part}`)}
        </p>
      ) : refused ? (
        <p id={ids.error} className="error">
          {t("refused")} <span lang="en">{refused.error}</span>
        </p>
      ) : null}
      <div className="debugger__actions">
        <button type="button" className="primary" disabled={invalid} onClick={() => resume("continue")}>
          {t(edited ? "continueEdited" : "continue")}
        </button>
        {next ? (
          <button
            type="button"
            disabled={invalid}
            title={t("stepTitle", { stage: t(`debugger:stage.${next}`) })}
            onClick={() => resume("step")}
          >
            {t("step")}
          </button>
        ) : null}
        {before ? (
          <>
            <label htmlFor={ids.reason} className="debugger__reason">
              <span>{t("reason")}</span>
              <input id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            <button type="button" title={t("skipTitle")} onClick={() => resume("skip")}>
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
