import { checkJson } from "@state/json-error";
import { argsFromForm, type SchemaField, schemaFields } from "@state/schema-fields";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import { Tabs } from "../Tabs/Tabs";

let handCalls = 0;
/** Unique across worker restarts, so lanes and transcript entries never collide. */
const nextCallId = () => `hand_${Date.now().toString(36)}_${++handCalls}`;

/**
 * Be the model: pick a tool and send a call through the same pipeline a model's call takes. The form is
 * generated from the tool's schema; the JSON tab sends exactly what you type.
 */
export function CallForm() {
  const { stores, send } = useSession();
  const tools = useStore(stores.dispatch, (d) => d.tools);
  const [toolName, setToolName] = useState("read");
  const [mode, setMode] = useState<"form" | "json">("form");
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [json, setJson] = useState<string | null>(null);
  const tool = tools.find((t) => t.name === toolName);
  const fields = useMemo(() => schemaFields(tool?.parameters), [tool]);
  const formValues = values[toolName] ?? {};
  const formJson = JSON.stringify(argsFromForm(fields, formValues), null, 2);
  const text = json ?? formJson;
  const parsed = checkJson(text);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const args = mode === "form" ? formJson : text;
    if (mode === "json" && !parsed.ok) return;
    send({ type: "run_tool_call", toolName, args, toolCallId: nextCallId() });
  };

  return (
    <form className="call-form" onSubmit={submit} aria-label="Call a tool by hand">
      <div className="call-form__row">
        <label>
          Tool{" "}
          <select
            value={toolName}
            onChange={(e) => {
              setToolName(e.target.value);
              setJson(null);
            }}
          >
            {tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
                {t.state === "active" ? "" : ` (${t.state})`}
              </option>
            ))}
          </select>
        </label>
        {tool && tool.state !== "active" ? (
          <span className="muted">
            {tool.state === "off"
              ? `off: pi will answer “Tool ${tool.name} not found”`
              : "hidden: runs, but the model is not told about it"}
          </span>
        ) : null}
      </div>
      <Tabs
        label="Arguments as"
        tabs={[
          { key: "form", label: "Form" },
          { key: "json", label: "Raw JSON" },
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
            values={formValues}
            onChange={(name, v) => {
              setValues((all) => ({ ...all, [toolName]: { ...formValues, [name]: v } }));
              setJson(null);
            }}
          />
        ) : (
          <JsonField text={text} onChange={setJson} problem={parsed.ok ? null : parsed.problem} />
        )}
      </Tabs>
      <div className="call-form__row">
        <button type="submit" className="primary" disabled={mode === "json" && !parsed.ok}>
          Run {toolName}
        </button>
        <span className="muted">
          Arguments that do not fit the schema still go through: pi answers with its validation error, as a
          model would see it.
        </span>
      </div>
    </form>
  );
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
  if (fields.length === 0) return <p className="muted">This tool takes no arguments.</p>;
  return (
    <div className="fields">
      {fields.map((f) => {
        const id = `${base}-${f.name}`;
        const help = `${id}-help`;
        const common = {
          id,
          "aria-describedby": help,
          value: values[f.name] ?? "",
          required: f.required,
        };
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>
              <code>{f.name}</code> <span className="schema__type">{f.type}</span>
              {f.required ? <span className="badge">required</span> : null}
            </label>
            {f.type === "boolean" ? (
              <select {...common} onChange={(e) => onChange(f.name, e.target.value)}>
                <option value="">(not set)</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : f.type === "array" || f.type === "object" || f.name === "content" || f.name === "command" ? (
              <textarea
                {...common}
                rows={f.type === "array" ? 4 : 3}
                spellCheck={false}
                placeholder={f.type === "array" ? "JSON, e.g. [ … ]" : undefined}
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
              {f.description}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function JsonField({
  text,
  onChange,
  problem,
}: {
  text: string;
  onChange: (text: string) => void;
  problem: ReturnType<typeof checkJson> extends infer R
    ? R extends { ok: false; problem: infer P }
      ? P | null
      : never
    : never;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Arguments (JSON)</label>
      <textarea
        id={id}
        className={problem ? "is-invalid" : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        rows={7}
        spellCheck={false}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <div id={`${id}-problem`} className="json-problem" role="alert">
          <p>
            This is not JSON: it breaks at line {problem.line}, column {problem.column}.{" "}
            <span className="muted">({problem.message})</span>
          </p>
          <pre className="code-block" aria-hidden="true">
            {problem.lineText}
            {"\n"}
            {`${" ".repeat(Math.max(0, problem.column - 1))}^`}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
