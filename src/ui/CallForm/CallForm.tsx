import { checkJson } from "@state/json-error";
import { argsFromForm, type SchemaField, schemaFields } from "@state/schema-fields";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import { Tabs } from "../Tabs/Tabs";
import "./CallForm.css";
import { ModelText } from "../ModelText/ModelText";
import { nextCallId, SentNames, submitOnCtrlEnter } from "./hand";
import { JsonField, JsonProblemText } from "./JsonField";
import { RunBar } from "./RunBar";
import { TurnComposer } from "./TurnComposer";

/**
 * Be the model: send one call, or compose a whole turn (your message, the model's calls, its closing
 * text). Either goes through the same loop and pipeline a scenario's calls take.
 */
export function CallForm() {
  const [what, setWhat] = useState<"call" | "turn">("call");
  const id = useId();
  const { t } = useT("callForm");
  return (
    <div className="hand">
      <div className="hand__what" role="radiogroup" aria-labelledby={`${id}-what`}>
        <span id={`${id}-what`}>{t("send")}</span>
        <label>
          <input
            type="radio"
            name={`${id}-what`}
            checked={what === "call"}
            onChange={() => setWhat("call")}
          />{" "}
          {t("oneCall")}
        </label>
        <label title={t("turnTitle")}>
          <input
            type="radio"
            name={`${id}-what`}
            checked={what === "turn"}
            onChange={() => setWhat("turn")}
          />{" "}
          {t("composeTurn")}
        </label>
      </div>
      {what === "call" ? <OneCall /> : <TurnComposer />}
    </div>
  );
}

/**
 * One call: pick a tool, fill the form generated from its schema (or type the JSON), run it. Picking
 * another tool clears the form, so a value typed for an earlier tool is never sent unseen; the run bar
 * names every argument that will be sent.
 */
function OneCall() {
  const { stores, send } = useSession();
  const { t } = useT("callForm");
  const tools = useStore(stores.dispatch, (d) => d.tools);
  const [toolName, setToolName] = useState("read");
  const [mode, setMode] = useState<"form" | "json">("form");
  const [values, setValues] = useState<Record<string, string>>({});
  const [json, setJson] = useState<string | null>(null);
  const problemId = useId();
  const tool = tools.find((t) => t.name === toolName);
  const fields = useMemo(() => schemaFields(tool?.parameters), [tool]);
  const formArgs = argsFromForm(fields, values);
  const formJson = JSON.stringify(formArgs, null, 2);
  const text = json ?? formJson;
  const parsed = checkJson(text);
  const problem = mode === "json" && !parsed.ok ? parsed.problem : null;
  const sent = mode === "form" ? formArgs : parsed.ok ? parsed.value : null;
  const names = sent && typeof sent === "object" && !Array.isArray(sent) ? Object.keys(sent) : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    send({
      type: "run_tool_call",
      toolName,
      args: mode === "form" ? formJson : text,
      toolCallId: nextCallId(),
    });
  };

  return (
    <form
      className="call-form"
      noValidate
      onSubmit={submit}
      onKeyDown={submitOnCtrlEnter}
      aria-label={t("formName")}
    >
      <div className="call-form__body">
        <div className="call-form__row">
          <label>
            {t("tool")}{" "}
            <select
              value={toolName}
              onChange={(e) => {
                setToolName(e.target.value);
                setValues({});
                setJson(null);
              }}
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
          {tool && tool.state !== "active" ? (
            <span className="muted">
              {tool.state === "off" ? t("offNote", { name: tool.name }) : t("hiddenNote")}
            </span>
          ) : null}
        </div>
        <Tabs
          label={t("argsAs")}
          tabs={[
            { key: "form", label: t("form") },
            { key: "json", label: t("rawJson") },
          ]}
          selected={mode}
          onSelect={(m) => {
            if (m === "json" && json === null) setJson(formJson);
            setMode(m);
          }}
        >
          {mode === "form" ? (
            <FormFields
              fields={fields}
              values={values}
              onChange={(name, v) => {
                setValues((all) => ({ ...all, [name]: v }));
                setJson(null);
              }}
            />
          ) : (
            <JsonField
              label={t("argsJson")}
              text={text}
              onChange={setJson}
              problem={problem}
              problemId={problemId}
            />
          )}
        </Tabs>
        <p className="muted call-form__about">{t("about")}</p>
      </div>
      <RunBar
        label={t("run", { name: toolName })}
        disabled={problem !== null}
        problem={problem ? <JsonProblemText problem={problem} /> : null}
        problemId={problemId}
        note={
          names.length === 0 ? (
            t("sendsNothing")
          ) : (
            <>
              {t("sendsBefore")} <SentNames names={names} />
              {t("sendsAfter")}
            </>
          )
        }
      />
    </form>
  );
}

/** What pi's validation does to a value of this type before it checks it, which explains its answers. */
function coercionHint(type: string): string | null {
  if (type === "array") return "coerce.array";
  if (type === "number" || type === "integer") return "coerce.number";
  if (type === "boolean") return "coerce.boolean";
  if (type === "string") return "coerce.string";
  return null;
}

function FormFields({
  fields,
  values,
  onChange,
}: {
  fields: readonly SchemaField[];
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}) {
  const base = useId();
  const { t } = useT("callForm");
  if (fields.length === 0) return <p className="muted">{t("noArgs")}</p>;
  return (
    <div className="fields">
      {fields.map((f) => {
        const id = `${base}-${f.name}`;
        const help = `${id}-help`;
        const common = {
          id,
          "aria-describedby": help,
          value: values[f.name] ?? "",
          // Said, never enforced: a native `required` would stop the call, and pi's answer to a missing
          // argument is the lesson.
          "aria-required": f.required,
        };
        const coercion = coercionHint(f.type);
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>
              <code>{f.name}</code> <span className="schema__type">{f.type}</span>
              {f.required ? <span className="badge">{t("required")}</span> : null}
            </label>
            {f.type === "boolean" ? (
              <select {...common} onChange={(e) => onChange(f.name, e.target.value)}>
                <option value="">{t("notSet")}</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : f.type === "array" || f.type === "object" || f.name === "content" || f.name === "command" ? (
              <textarea
                {...common}
                rows={f.type === "array" ? 4 : 3}
                spellCheck={false}
                placeholder={
                  f.itemExample
                    ? `[${f.itemExample}]`
                    : f.type === "array"
                      ? t("arrayPlaceholder")
                      : undefined
                }
                onChange={(e) => onChange(f.name, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type="text"
                inputMode={f.type === "number" || f.type === "integer" ? "numeric" : undefined}
                spellCheck={false}
                onChange={(e) => onChange(f.name, e.target.value)}
              />
            )}
            <p id={help} className="field__help">
              {f.itemExample ? (
                <>
                  {t("itemHelpBefore")} <code>{f.itemExample}</code>
                  {t("itemHelpAfter")}{" "}
                </>
              ) : null}
              <ModelText>{f.description}</ModelText>
            </p>
            {coercion ? <p className="field__help field__coercion">{t(coercion, { name: f.name })}</p> : null}
          </div>
        );
      })}
    </div>
  );
}
