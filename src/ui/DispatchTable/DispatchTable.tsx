import type { ToolRow, ToolState } from "@agent/events";
import { dispatchSteps, type ToolStats } from "@state/dispatch-table";
import { Fragment } from "react";
import { useOpenDialog } from "../App/OnDemandDialogs";
import { BackendBadge } from "../Backends/BackendPicker";
import { HandlerHeader, HandlerNote, HandlerPicker } from "../Compromises/HandlerPicker";
import { BreakpointControls } from "../Debugger/BreakpointControls";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { ModelText, ModelTextNote } from "../ModelText/ModelText";
import { SchemaView } from "../SchemaView/SchemaView";
import { useSelection, useSession } from "../session-context";
import { LearnerBadge, ToolEditorLauncher } from "../ToolEditor/ToolEditorLauncher";
import "./DispatchTable.css";

const STATES: readonly ToolState[] = ["active", "hidden", "off"];

/** pi's dispatch table: name → tool, with its state and what its calls did. */
export function DispatchTable() {
  const { stores, send } = useSession();
  const selection = useSelection();
  const { t, format } = useT("dispatchTable");
  const tools = useStore(stores.dispatch, (d) => d.tools);
  const stats = useStore(stores.dispatch, (d) => d.stats);
  const selected = useStore(selection, (s) => s.tool);
  const openDialog = useOpenDialog();
  const piVersion = useStore(stores.status, (s) => s.piVersion);
  if (tools.length === 0) return <p className="muted">{t("waiting")}</p>;
  const row = tools.find((t) => t.name === selected);
  // A tool the version lists but never offers has no state to pick: a line under the table says why.
  const listedOnly = tools.filter((tool) => tool.listedOnly);
  return (
    <div className="dispatch">
      <table className="dispatch__table" data-mixed-backends={new Set(tools.map((r) => r.backend)).size > 1}>
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("col.tool")}</th>
            <th scope="col">{t("col.state")}</th>
            <HandlerHeader />
            <th scope="col" title={t("col.callsTitle")}>
              {t("col.calls")}
            </th>
            <th scope="col" title={t("col.errorsTitle")}>
              {t("col.errors")}
            </th>
            <th scope="col" title={t("col.lastTitle")}>
              {t("col.last")}
            </th>
          </tr>
        </thead>
        <tbody>
          {tools
            .filter((tool) => !tool.listedOnly)
            .map((tool) => {
              const s: ToolStats | undefined = stats[tool.name];
              return (
                <tr
                  key={tool.name}
                  className={`dispatch__row dispatch__row--${tool.state}${s?.running ? " is-running" : ""}${
                    selected === tool.name ? " is-selected" : ""
                  }`}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="linkish"
                      aria-expanded={selected === tool.name}
                      onClick={() => selection.selectTool(selected === tool.name ? null : tool.name)}
                      title={t("showHow", { name: tool.name })}
                    >
                      <code>{tool.name}</code>
                    </button>
                    <LearnerBadge origin={tool.origin} replaces={tool.replaces} />
                    {s?.running ? <span className="badge badge--live">{t("running")}</span> : null}
                    <BackendBadge backend={tool.backend} kind={tool.backendKind} />
                  </th>
                  <td>
                    <select
                      aria-label={t("stateOf", { name: tool.name })}
                      value={tool.state}
                      title={t(`stateHint.${tool.state}`)}
                      onChange={(e) =>
                        send({ type: "set_tool_state", name: tool.name, state: e.target.value as ToolState })
                      }
                    >
                      {STATES.map((st) => (
                        <option key={st} value={st}>
                          {t(`state.${st}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <HandlerPicker row={tool} />
                  <td className="num">{s?.calls ?? 0}</td>
                  <td className={`num${s?.errors ? " error" : ""}`}>{s?.errors ?? 0}</td>
                  <td className="num">{format.duration(s?.lastMs)}</td>
                </tr>
              );
            })}
        </tbody>
        {listedOnly.length > 0 && (
          <tfoot className="dispatch__listed">
            {listedOnly.map((tool) => (
              <tr key={tool.name}>
                {/* One cell across the row: the name must not widen the tools' own column. */}
                <td colSpan={6}>
                  <code>{tool.name}</code>: {t("listedOnly", { version: piVersion ?? "" })}
                </td>
              </tr>
            ))}
          </tfoot>
        )}
      </table>
      <HandlerNote
        onOpenCompromises={() => openDialog("compromises")}
        onOpenLessons={() => openDialog("lessons")}
      />
      <ToolEditorLauncher />
      {row ? <ToolDetails row={row} /> : <p className="muted">{t("select")}</p>}
    </div>
  );
}

function ToolDetails({ row }: { row: ToolRow }) {
  const { t } = useT("dispatchTable");
  return (
    <section className="tool-details" aria-label={t("details", { name: row.name })}>
      <h3>
        <code>{row.name}</code> <span className="muted">{t("label", { label: row.label })}</span>
      </h3>
      <dl className="facts">
        <dt>{t("fact.state")}</dt>
        <dd>{t("fact.stateValue", { state: t(`state.${row.state}`), hint: t(`stateHint.${row.state}`) })}</dd>
        <dt>{t("fact.operations")}</dt>
        <dd>
          <code>{row.backend}</code> {t("fact.closure")}
        </dd>
        <dt>{t("fact.execution")}</dt>
        <dd>{t(row.executionMode ? `fact.${row.executionMode}` : "fact.default")}</dd>
        <dt>{t("fact.prepare")}</dt>
        <dd>{t(row.hasPrepareArguments ? "fact.prepareYes" : "fact.prepareNo")}</dd>
      </dl>
      <h4>
        {t("description")} <ModelTextNote />
      </h4>
      <ModelText block className="prose">
        {row.description}
      </ModelText>
      <h4>{t("snippet")}</h4>
      <p className="prose">
        {row.promptSnippet ? (
          <code>{row.promptSnippet}</code>
        ) : (
          <span className="muted">{t("snippetNone")}</span>
        )}
      </p>
      <h4>
        {t("guidelines")} {row.promptGuidelines?.length ? <ModelTextNote /> : null}
      </h4>
      {row.promptGuidelines?.length ? (
        <ModelText block>
          <ul className="prose">
            {row.promptGuidelines.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </ModelText>
      ) : (
        <p className="muted">{t("common:none")}</p>
      )}
      <h4>{t("parameters")}</h4>
      <SchemaView schema={row.parameters} />
      {row.fields16 ? <Fields16 fields={row.fields16} /> : null}
      <BreakpointControls tool={row.name} />
      <h4>{t("howDispatched", { name: row.name })}</h4>
      <ol className="steps">
        {dispatchSteps(row).map((s) => (
          <li key={s.step}>
            <strong>{t(`step.${s.step}`)}</strong>
            {": "}
            {t(`what.${s.what}`, { name: row.name, backend: row.backend })}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A learner tool's fields of pi 1.6.0's format (code mode, MCP, loadouts). pi 1.6.0 accepts them and the
 * playground shows them without acting on them; pi 0.73.1 does not know them, which is said, not hidden.
 */
function Fields16({ fields }: { fields: Record<string, unknown> }) {
  const { t } = useT("dispatchTable");
  const { stores } = useSession();
  const version = useStore(stores.status, (s) => s.piVersion);
  const ignored = version === "0.73.1";
  return (
    <>
      <h4>{t("fields16")}</h4>
      <p className={ignored ? "dispatch__fields16-ignored" : "muted"}>
        {t(ignored ? "fields16Ignored" : "fields16Shown")}
      </p>
      <dl className="facts">
        {Object.entries(fields).map(([name, value]) => (
          <Fragment key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>
              <code>{JSON.stringify(value)}</code>
            </dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
