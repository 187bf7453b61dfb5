import type { RuleLine } from "@core/system-prompt/types";
import { approxTokens } from "@state/prompt";
import type { TFunction } from "i18next";
import { lazy, Suspense, useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { ModelText, ModelTextNote } from "../ModelText/ModelText";
import { useSession } from "../session-context";
import { Tabs } from "../Tabs/Tabs";
import "./SystemPrompt.css";

// The model request's tab loads when it is first opened (most visits never send to a model).
const RequestTab = lazy(() => import("./RequestTab").then((m) => ({ default: m.RequestTab })));

type Tab = "sections" | "rendered" | "changes" | "request";

/** What the model is told: the prompt as named sections, as one text, its last patch, and the wire request. */
export function SystemPrompt() {
  const [tab, setTab] = useState<Tab>("sections");
  const { stores } = useSession();
  const { t } = useT("systemPrompt");
  const hasChange = useStore(stores.prompt, (p) => p.lastChange !== null || p.lastToolChange !== null);
  return (
    <Tabs
      label={t("views")}
      className="prompt-tabs"
      tabs={[
        { key: "sections", label: t("tab.sections") },
        { key: "rendered", label: t("tab.rendered") },
        { key: "changes", label: t(hasChange ? "tab.changesNew" : "tab.changes") },
        { key: "request", label: t("tab.request") },
      ]}
      selected={tab}
      onSelect={setTab}
    >
      {tab === "sections" ? <Sections /> : null}
      {tab === "rendered" ? <Rendered /> : null}
      {tab === "changes" ? <Changes /> : null}
      {tab === "request" ? (
        <Suspense fallback={null}>
          <RequestTab />
        </Suspense>
      ) : null}
    </Tabs>
  );
}

function ruleSource(t: TFunction, rule: RuleLine): string {
  const s = rule.source;
  if (s.kind === "tool") return t("source.tool", { tool: s.tool });
  if (s.kind === "guideline") return t("source.guideline");
  return t(s.rule === "exploration" ? "source.exploration" : "source.always");
}

/**
 * The sections a learner should know something about that their text cannot say (the text is what pi sends
 * the model, so it stays as it is): `systemPrompt:note.<name>`, shown beside the section, never sent.
 */
const SECTION_NOTES: ReadonlySet<string> = new Set(["docs"]);

function Sections() {
  const { stores } = useSession();
  const { t, format } = useT("systemPrompt");
  const sections = useStore(stores.prompt, (p) => p.sections);
  const rules = useStore(stores.prompt, (p) => p.rules);
  if (sections.length === 0) return <p className="muted">{t("waiting")}</p>;
  const total = sections.reduce((n, s) => n + s.chars, 0);
  return (
    <div>
      <table className="sections">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">
              {t("col.section")} <ModelTextNote />
            </th>
            <th scope="col" className="num">
              {t("col.chars")}
            </th>
            <th scope="col" className="num" title={t("col.tokensTitle")}>
              {t("col.tokens")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sections.map((s) => (
            <tr key={s.name}>
              <th scope="row">
                <details>
                  <summary>
                    <code>{s.name}</code>
                  </summary>
                  <CodeBlock label={t("section", { name: s.name })}>{s.text}</CodeBlock>
                </details>
                {SECTION_NOTES.has(s.name) ? (
                  <p className="muted section-note">{t(`note.${s.name}`)}</p>
                ) : null}
              </th>
              <td className="num">{format.count(s.chars)}</td>
              <td className="num">{format.count(approxTokens(s.chars))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("total")}</th>
            <td className="num">{format.count(total)}</td>
            <td className="num">{format.count(approxTokens(total))}</td>
          </tr>
        </tfoot>
      </table>
      {rules.length > 0 ? (
        <>
          <h3 className="small-heading">
            {t("rules")} <ModelTextNote />
          </h3>
          <ul className="rules">
            {rules.map((r) => (
              <li key={r.text}>
                <ModelText>{r.text}</ModelText> <span className="rule-source">{ruleSource(t, r)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Rendered() {
  const { stores } = useSession();
  const { t, format } = useT("systemPrompt");
  const rendered = useStore(stores.prompt, (p) => p.rendered);
  return (
    <>
      <p className="muted">
        {t("renderedSize", {
          chars: format.count(rendered.length),
          tokens: format.count(approxTokens(rendered.length)),
        })}{" "}
        <ModelTextNote />
      </p>
      <CodeBlock className="prompt-text" label={t("renderedLabel")}>
        {rendered}
      </CodeBlock>
    </>
  );
}

function Changes() {
  const { stores } = useSession();
  const { t } = useT("systemPrompt");
  const change = useStore(stores.prompt, (p) => p.lastChange);
  const tools = useStore(stores.prompt, (p) => p.lastToolChange);
  if (!change && !tools) return <p className="muted">{t("noChange")}</p>;
  return (
    <div className="changes">
      {change ? (
        <>
          <h3 className="small-heading">
            {t("lastPatchBefore", { reason: change.reason })} <code>renderSystemMessageUpdate</code>{" "}
            {t("lastPatchAfter")}
          </h3>
          <p className="muted">
            {t("sections", {
              list:
                Object.entries(change.patch)
                  .map(([k, v]) => t(v === null ? "sectionRemoved" : "sectionUpdated", { name: k }))
                  .join(t("listSeparator")) || t("unchanged"),
            })}
          </p>
          <CodeBlock label={t("updateLabel")}>{change.update}</CodeBlock>
        </>
      ) : null}
      {tools ? (
        <>
          <h3 className="small-heading">{t("declarations")}</h3>
          <ul className="decl-changes" aria-label={t("declChanges")}>
            {tools.added.map((tool) => (
              <li key={`+${tool.name}`} className="added">
                + <code>{tool.name}</code> {t("declared")}
              </li>
            ))}
            {tools.removed.map((n) => (
              <li key={`-${n}`} className="removed">
                − <code>{n}</code> {t("undeclared")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
