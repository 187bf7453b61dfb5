import type { ToolRow, ToolState } from "@agent/events";
import { dispatchSteps, type ToolStats } from "@state/dispatch-table";
import { useState } from "react";
import { BackendBadge } from "../Backends/BackendPicker";
import { CompromisesDialog } from "../Compromises/Compromises";
import { HandlerHeader, HandlerNote, HandlerPicker } from "../Compromises/HandlerPicker";
import { formatDuration } from "../format";
import { useStore } from "../hooks/useStore";
import { LessonsDialog } from "../Lessons/Lessons";
import { SchemaView } from "../SchemaView/SchemaView";
import { useSession } from "../session-context";
import { LearnerBadge, ToolEditorLauncher } from "../ToolEditor/ToolEditorLauncher";

const STATES: readonly ToolState[] = ["active", "hidden", "off"];
const STATE_HINT: Record<ToolState, string> = {
  active: "declared to the model and callable",
  hidden: "callable, but not declared to the model",
  off: "not in the tool list at all",
};

/** pi's dispatch table: name → tool, with its state and what its calls did. */
export function DispatchTable() {
  const { stores, selection, send } = useSession();
  const tools = useStore(stores.dispatch, (d) => d.tools);
  const stats = useStore(stores.dispatch, (d) => d.stats);
  const selected = useStore(selection, (s) => s.tool);
  const [compromises, setCompromises] = useState(false);
  const [lessons, setLessons] = useState(false);
  if (tools.length === 0) return <p className="muted">Waiting for the tool registry…</p>;
  const row = tools.find((t) => t.name === selected);
  return (
    <div className="dispatch">
      <table className="dispatch__table">
        <caption className="sr-only">Tools by name, with their state and call counts</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">State</th>
            <HandlerHeader />
            <th scope="col" title="calls">
              Calls
            </th>
            <th scope="col" title="errors">
              Err
            </th>
            <th scope="col" title="last duration">
              Last
            </th>
          </tr>
        </thead>
        <tbody>
          {tools.map((t) => {
            const s: ToolStats | undefined = stats[t.name];
            return (
              <tr
                key={t.name}
                className={`dispatch__row dispatch__row--${t.state}${s?.running ? " is-running" : ""}${
                  selected === t.name ? " is-selected" : ""
                }`}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="linkish"
                    aria-expanded={selected === t.name}
                    onClick={() => selection.selectTool(selected === t.name ? null : t.name)}
                    title={`Show how a "${t.name}" call is dispatched`}
                  >
                    <code>{t.name}</code>
                  </button>
                  <LearnerBadge origin={t.origin} replaces={t.replaces} />
                  {s?.running ? <span className="badge badge--live">running</span> : null}
                  <BackendBadge backend={t.backend} />
                </th>
                <td>
                  <select
                    aria-label={`State of ${t.name}`}
                    value={t.state}
                    title={STATE_HINT[t.state]}
                    onChange={(e) =>
                      send({ type: "set_tool_state", name: t.name, state: e.target.value as ToolState })
                    }
                  >
                    {STATES.map((st) => (
                      <option key={st} value={st}>
                        {st}
                      </option>
                    ))}
                  </select>
                </td>
                <HandlerPicker row={t} />
                <td className="num">{s?.calls ?? 0}</td>
                <td className={`num${s?.errors ? " error" : ""}`}>{s?.errors ?? 0}</td>
                <td className="num">{formatDuration(s?.lastMs)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <HandlerNote onOpenCompromises={() => setCompromises(true)} onOpenLessons={() => setLessons(true)} />
      <CompromisesDialog open={compromises} onClose={() => setCompromises(false)} />
      <LessonsDialog open={lessons} onClose={() => setLessons(false)} />
      <ToolEditorLauncher />
      {row ? (
        <ToolDetails row={row} />
      ) : (
        <p className="muted">Select a tool to see its definition and how a call to it is dispatched.</p>
      )}
    </div>
  );
}

function ToolDetails({ row }: { row: ToolRow }) {
  return (
    <section className="tool-details" aria-label={`The ${row.name} tool`}>
      <h3>
        <code>{row.name}</code> <span className="muted">label “{row.label}”</span>
      </h3>
      <dl className="facts">
        <dt>State</dt>
        <dd>
          {row.state}: {STATE_HINT[row.state]}
        </dd>
        <dt>Operations</dt>
        <dd>
          <code>{row.backend}</code> (held by the tool's closure)
        </dd>
        <dt>Execution</dt>
        <dd>{row.executionMode ?? "default (parallel with the other calls of its batch)"}</dd>
        <dt>prepareArguments</dt>
        <dd>{row.hasPrepareArguments ? "yes: it reshapes the raw arguments before validation" : "no"}</dd>
      </dl>
      <h4>Description (sent to the model)</h4>
      <p className="prose">{row.description}</p>
      <h4>Prompt snippet</h4>
      <p className="prose">
        {row.promptSnippet ? (
          <code>{row.promptSnippet}</code>
        ) : (
          <span className="muted">none: not listed under the prompt's tools</span>
        )}
      </p>
      <h4>Guidelines</h4>
      {row.promptGuidelines?.length ? (
        <ul className="prose">
          {row.promptGuidelines.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">none</p>
      )}
      <h4>Parameters</h4>
      <SchemaView schema={row.parameters} />
      <h4>How a “{row.name}” call is dispatched</h4>
      <ol className="steps">
        {dispatchSteps(row, row.name).map((s) => (
          <li key={s.step}>
            <strong>{s.step}</strong>: {s.what}
          </li>
        ))}
      </ol>
    </section>
  );
}
