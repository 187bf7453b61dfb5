import type { RuleLine } from "@core/system-prompt/types";
import { approxTokens } from "@state/prompt";
import { useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import { Tabs } from "../Tabs/Tabs";
import { RequestTab } from "./RequestTab";
import "./SystemPrompt.css";

type Tab = "sections" | "rendered" | "changes" | "request";

/** What the model is told: the prompt as named sections, as one text, its last patch, and the wire request. */
export function SystemPrompt() {
  const [tab, setTab] = useState<Tab>("sections");
  const { stores } = useSession();
  const hasChange = useStore(stores.prompt, (p) => p.lastChange !== null || p.lastToolChange !== null);
  return (
    <Tabs
      label="System prompt views"
      className="prompt-tabs"
      tabs={[
        { key: "sections", label: "Sections" },
        { key: "rendered", label: "Rendered" },
        { key: "changes", label: hasChange ? "Changes •" : "Changes" },
        { key: "request", label: "Request" },
      ]}
      selected={tab}
      onSelect={setTab}
    >
      {tab === "sections" ? <Sections /> : null}
      {tab === "rendered" ? <Rendered /> : null}
      {tab === "changes" ? <Changes /> : null}
      {tab === "request" ? <RequestTab /> : null}
    </Tabs>
  );
}

function ruleSource(rule: RuleLine): string {
  const s = rule.source;
  if (s.kind === "tool") return `from ${s.tool}'s guidelines`;
  if (s.kind === "guideline") return "extra guideline";
  return s.rule === "exploration" ? "base rule: depends on which tools are active" : "base rule: always";
}

/**
 * What a learner should know about a section that its text cannot say (the text is what pi sends the model,
 * so it stays as it is): shown beside the section, never sent.
 */
const SECTION_NOTES: Readonly<Record<string, string>> = {
  docs: "These paths are where pi installs its docs on your machine; the playground has no such files, so a read of them here finds nothing.",
};

function Sections() {
  const { stores } = useSession();
  const sections = useStore(stores.prompt, (p) => p.sections);
  const rules = useStore(stores.prompt, (p) => p.rules);
  if (sections.length === 0) return <p className="muted">Waiting for the first prompt build…</p>;
  const total = sections.reduce((n, s) => n + s.chars, 0);
  return (
    <div>
      <table className="sections">
        <caption className="sr-only">Sections of the system prompt with their sizes</caption>
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col" className="num">
              Chars
            </th>
            <th scope="col" className="num" title="approximate tokens, about four characters each">
              ~Tokens
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
                  <CodeBlock label={`Section ${s.name}`}>{s.text}</CodeBlock>
                </details>
                {SECTION_NOTES[s.name] ? <p className="muted section-note">{SECTION_NOTES[s.name]}</p> : null}
              </th>
              <td className="num">{s.chars}</td>
              <td className="num">{approxTokens(s.chars)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">total (with blank lines between)</th>
            <td className="num">{total}</td>
            <td className="num">{approxTokens(total)}</td>
          </tr>
        </tfoot>
      </table>
      {rules.length > 0 ? (
        <>
          <h3 className="small-heading">Rules, and where each line comes from</h3>
          <ul className="rules">
            {rules.map((r) => (
              <li key={r.text}>
                <span>{r.text}</span> <span className="rule-source">{ruleSource(r)}</span>
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
  const rendered = useStore(stores.prompt, (p) => p.rendered);
  return (
    <>
      <p className="muted">
        {rendered.length} characters, about {approxTokens(rendered.length)} tokens.
      </p>
      <CodeBlock className="prompt-text" label="The rendered system prompt">
        {rendered}
      </CodeBlock>
    </>
  );
}

function Changes() {
  const { stores } = useSession();
  const change = useStore(stores.prompt, (p) => p.lastChange);
  const tools = useStore(stores.prompt, (p) => p.lastToolChange);
  if (!change && !tools)
    return (
      <p className="muted">
        No change yet. Switch a tool's state in the dispatch table to see what the model would be told.
      </p>
    );
  return (
    <div className="changes">
      {change ? (
        <>
          <h3 className="small-heading">
            The last patch ({change.reason}), as <code>renderSystemMessageUpdate</code> renders it
          </h3>
          <p className="muted">
            Sections{" "}
            {Object.entries(change.patch)
              .map(([k, v]) => `${k} ${v === null ? "removed" : "updated"}`)
              .join(", ") || "unchanged"}
            .
          </p>
          <CodeBlock label="System message update">{change.update}</CodeBlock>
        </>
      ) : null}
      {tools ? (
        <>
          <h3 className="small-heading">Tool declarations in the next request</h3>
          <ul className="decl-changes" aria-label="Tool declarations added or removed">
            {tools.added.map((t) => (
              <li key={`+${t.name}`} className="added">
                + <code>{t.name}</code> declared
              </li>
            ))}
            {tools.removed.map((n) => (
              <li key={`-${n}`} className="removed">
                − <code>{n}</code> no longer declared
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
