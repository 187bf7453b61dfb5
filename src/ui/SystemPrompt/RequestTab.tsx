import type { ModelChoice } from "@agent/drivers/model-presets";
import { formatUsage } from "@state/usage";
import { type WireProvider, wireRequest } from "@state/wire";
import { useEffect, useMemo, useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import "./RequestTab.css";

type Built =
  | { state: "building" }
  | { state: "built"; body: unknown; headers: [string, string][] }
  | { state: "failed"; error: string };

/**
 * The Request tab: the request the session would send next, as pi-ai builds it for the Model tab's
 * provider and model (nothing is sent to build it); after a real request, the body that went out and the
 * response's usage; the session's total. Without a provider and model it falls back to a hand-made sketch.
 */
export function RequestTab() {
  const { stores, model } = useSession();
  const settings = useStore(model?.settings ?? NO_SETTINGS);
  const choice = useMemo<ModelChoice | null>(() => {
    if (!settings || !model?.preview) return null;
    const { provider, api, baseUrl, modelId, thinkingLevel } = settings;
    if (!baseUrl.trim() || !modelId.trim()) return null;
    return { provider, api, baseUrl: baseUrl.trim(), modelId: modelId.trim(), thinkingLevel };
  }, [settings, model]);
  const running = useStore(stores.status, (s) => s.running);
  const rendered = useStore(stores.prompt, (p) => p.rendered);
  const declarations = useStore(stores.prompt, (p) => p.declarations);
  const entries = useStore(stores.transcript, (t) => t.entries);
  const [built, setBuilt] = useState<Built>({ state: "building" });

  useEffect(() => {
    // Rebuilt when the conversation, the prompt, the tools or the model change; not mid-run, when the
    // transcript changes at every streamed piece.
    if (!choice || !model?.preview || running) return;
    void [rendered, declarations, entries];
    let current = true;
    setBuilt({ state: "building" });
    // A short wait, so typing a model id builds once, not at every key.
    const timer = setTimeout(() => {
      model.preview?.(choice).then(
        (r) => current && setBuilt({ state: "built", ...r }),
        (e: unknown) =>
          current && setBuilt({ state: "failed", error: e instanceof Error ? e.message : String(e) }),
      );
    }, BUILD_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [choice, model, running, rendered, declarations, entries]);

  return (
    <div className="request-tab">
      <SessionUsage />
      <Sent />
      {choice ? (
        <section aria-label="Next request">
          <h3 className="request-tab__title">
            Next request to <code>{choice.modelId}</code> at <code>{choice.baseUrl}</code>
          </h3>
          <p className="muted">
            pi-ai's own body for this provider and model, built without sending anything: the conversation so
            far, then your next message. Pick another provider or model in the Model prompt tab.
          </p>
          {built.state === "building" ? <p className="muted">Building the request with pi-ai…</p> : null}
          {built.state === "failed" ? (
            <p className="error">pi-ai could not build the request: {built.error}</p>
          ) : null}
          {built.state === "built" ? (
            <>
              <Headers headers={built.headers} label="Request headers" />
              <CodeBlock label="Request body">{JSON.stringify(built.body, null, 2)}</CodeBlock>
            </>
          ) : null}
        </section>
      ) : (
        <Sketch />
      )}
    </div>
  );
}

const BUILD_DELAY_MS = 250;

const NO_SETTINGS = {
  getSnapshot: () => null,
  subscribe: () => () => {},
};

function SessionUsage() {
  const { stores } = useSession();
  const usage = useStore(stores.usage);
  if (usage.turns === 0) return null;
  return (
    <p className="usage-total" data-testid="session-usage">
      Session: {formatUsage(usage.session)} over {usage.turns} model{" "}
      {usage.turns === 1 ? "response" : "responses"}
    </p>
  );
}

function Sent() {
  const { stores } = useSession();
  const last = useStore(stores.modelRequest);
  if (!last.sent) return null;
  return (
    <section aria-label="Last request sent">
      <h3 className="request-tab__title">
        Last request sent to <code>{last.sent.model}</code>
      </h3>
      <p className="muted" data-testid="sent-usage">
        {last.stopReason === null
          ? "Waiting for the response…"
          : last.usage
            ? `Response: ${formatUsage(last.usage)} · stopReason "${last.stopReason}"`
            : `Response: no usage reported · stopReason "${last.stopReason}"`}
      </p>
      <Headers headers={last.sent.headers} label="Headers sent" />
      <CodeBlock label="Body sent">{JSON.stringify(last.sent.body, null, 2)}</CodeBlock>
    </section>
  );
}

function Headers({ headers, label }: { headers: [string, string][]; label: string }) {
  return (
    <table className="request-tab__headers" aria-label={label}>
      <caption className="muted">
        {label}, as pi-ai sets them (the key masked); the provider's SDK adds its own content-type, version
        and client headers.
      </caption>
      <tbody>
        {headers.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A hand-made sketch of the request for two dialects, for when no model is set. */
function Sketch() {
  const { stores } = useSession();
  const [provider, setProvider] = useState<WireProvider>("anthropic");
  const rendered = useStore(stores.prompt, (p) => p.rendered);
  const declarations = useStore(stores.prompt, (p) => p.declarations);
  const entries = useStore(stores.transcript, (t) => t.entries);
  const json = useMemo(
    () => JSON.stringify(wireRequest(provider, rendered, declarations, entries), null, 2),
    [provider, rendered, declarations, entries],
  );
  return (
    <div>
      <fieldset className="inline-choice">
        <legend>Provider</legend>
        {(["anthropic", "openai"] as const).map((p) => (
          <label key={p}>
            <input
              type="radio"
              name="wire-provider"
              checked={provider === p}
              onChange={() => setProvider(p)}
            />{" "}
            {p === "anthropic" ? "Anthropic Messages" : "OpenAI-compatible"}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        A sketch of the next request, made by hand: the real body differs in many fields. To see the exact
        body pi-ai would send, pick a provider and a model in the Model prompt tab. Nothing is sent.
      </p>
      <CodeBlock label="Request body (sketch)">{json}</CodeBlock>
    </div>
  );
}
