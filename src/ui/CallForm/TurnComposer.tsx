import { checkJson } from "@state/json-error";
import { argsTemplate } from "@state/schema-fields";
import { type FormEvent, useId, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import { nextCallId, submitOnCtrlEnter } from "./hand";
import { JsonField, JsonProblemText } from "./JsonField";
import { RunBar } from "./RunBar";

interface DraftCall {
  /** React's key: stays with the call when an earlier one is removed */
  key: number;
  toolName: string;
  /** the JSON as typed, or null until the learner types: then the tool's template is shown */
  args: string | null;
}

let drafts = 0;

const EXAMPLE = {
  user: "rename the two functions in src/todo.ts",
  calls: [
    ["export function addTodo", "export function appendTodo"],
    ["export function toggleTodo", "export function flipTodo"],
  ].map(
    ([oldText, newText]): DraftCall => ({
      key: ++drafts,
      toolName: "edit",
      args: JSON.stringify({ path: "src/todo.ts", edits: [{ oldText, newText }] }, null, 2),
    }),
  ),
  closing: "Both renamed.",
};

/**
 * A whole turn by hand, the loop the tutorial teaches: your message, then one assistant message with one
 * or more tool calls (they run as one batch, in parallel, as a model's would: two edits of one file meet
 * in the file's queue), then, if you write it, the model's closing text once the results are in.
 */
export function TurnComposer() {
  const { stores, send } = useSession();
  const { t } = useT("callForm");
  const tools = useStore(stores.dispatch, (d) => d.tools);
  const template = (name: string) => argsTemplate(tools.find((t) => t.name === name)?.parameters);
  const [user, setUser] = useState("");
  const [calls, setCalls] = useState<DraftCall[]>(() => [{ key: ++drafts, toolName: "read", args: null }]);
  const [closing, setClosing] = useState("");
  const base = useId();
  const problemId = `${base}-problem`;
  // A call not typed into yet starts from its tool's required parameters.
  const shown = calls.map((c) => ({ ...c, args: c.args ?? template(c.toolName) }));
  const checks = shown.map((c) => checkJson(c.args));
  const broken = checks.findIndex((c) => !c.ok);
  const brokenCheck = checks[broken];
  const problem = brokenCheck && !brokenCheck.ok ? brokenCheck.problem : null;

  const update = (key: number, change: Partial<DraftCall>) =>
    setCalls((all) => all.map((c) => (c.key === key ? { ...c, ...change } : c)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    send({
      type: "run_turn",
      user,
      calls: shown.map((c) => ({ toolName: c.toolName, args: c.args, toolCallId: nextCallId() })),
      closingText: closing,
    });
  };

  const parts = [
    user.trim() ? t("part.user") : null,
    t("part.calls", { count: shown.length, names: shown.map((c) => c.toolName).join(", ") }),
    closing.trim() ? t("part.closing") : null,
  ].filter(Boolean);

  return (
    <form
      className="call-form turn"
      onSubmit={submit}
      onKeyDown={submitOnCtrlEnter}
      aria-label={t("turnName")}
    >
      <div className="call-form__body">
        <p className="call-form__row">
          <button
            type="button"
            onClick={() => {
              setUser(EXAMPLE.user);
              setCalls(EXAMPLE.calls.map((c) => ({ ...c, key: ++drafts })));
              setClosing(EXAMPLE.closing);
            }}
          >
            {t("example")}
          </button>
        </p>
        <div className="field turn__part turn__part--user">
          <label htmlFor={`${base}-user`}>{t("you")}</label>
          <textarea
            id={`${base}-user`}
            rows={2}
            value={user}
            aria-describedby={`${base}-user-help`}
            onChange={(e) => setUser(e.target.value)}
          />
          <p id={`${base}-user-help`} className="field__help">
            {t("youHelp")}
          </p>
        </div>
        <fieldset className="turn__part turn__part--calls">
          <legend>{t("callsLegend")}</legend>
          <p className="field__help">{t("callsHelp")}</p>
          {shown.map((c, i) => {
            const check = checks[i];
            return (
              <fieldset key={c.key} className="turn__call">
                <legend>{t("callN", { n: i + 1 })}</legend>
                <div className="call-form__row">
                  <label>
                    {t("tool")}{" "}
                    <select
                      value={c.toolName}
                      onChange={(e) => update(c.key, { toolName: e.target.value, args: null })}
                    >
                      {tools.map((tool) => (
                        <option key={tool.name} value={tool.name}>
                          {tool.state === "active"
                            ? tool.name
                            : t("toolState", { name: tool.name, state: t(`state.${tool.state}`) })}
                        </option>
                      ))}
                    </select>
                  </label>
                  {shown.length > 1 ? (
                    <button
                      type="button"
                      aria-label={t("removeCall", { n: i + 1 })}
                      onClick={() => setCalls((all) => all.filter((d) => d.key !== c.key))}
                    >
                      {t("remove")}
                    </button>
                  ) : null}
                </div>
                <JsonField
                  label={t("argsJson")}
                  text={c.args}
                  rows={4}
                  onChange={(args) => update(c.key, { args })}
                  problem={check.ok ? null : check.problem}
                  problemId={problemId}
                />
              </fieldset>
            );
          })}
          <button
            type="button"
            onClick={() => setCalls((all) => [...all, { key: ++drafts, toolName: "read", args: null }])}
          >
            {t("addCall")}
          </button>
        </fieldset>
        <div className="field turn__part turn__part--closing">
          <label htmlFor={`${base}-closing`}>{t("closing")}</label>
          <textarea
            id={`${base}-closing`}
            rows={2}
            value={closing}
            aria-describedby={`${base}-closing-help`}
            onChange={(e) => setClosing(e.target.value)}
          />
          <p id={`${base}-closing-help`} className="field__help">
            {t("closingHelp")}
          </p>
        </div>
      </div>
      <RunBar
        label={t("runTurn")}
        disabled={problem !== null}
        problem={
          problem ? (
            <JsonProblemText
              problem={problem}
              prefix={t("callProblem", { n: broken + 1, name: shown[broken].toolName })}
            />
          ) : null
        }
        problemId={problemId}
        note={t("sendsParts", { parts: parts.join(t("part.then")) })}
      />
    </form>
  );
}
