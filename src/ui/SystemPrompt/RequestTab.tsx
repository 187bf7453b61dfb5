import type { ModelChoice } from "@agent/drivers/model-presets";
import type { PiVersionId } from "@core/versions/ids";
import { type WireProvider, wireRequest } from "@state/wire";
import { useEffect, useMemo, useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { ModelFeature, useIfOffered } from "../features";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";
import { useSession } from "../session-context";
import { useUsageText } from "../Usage/Usage";
import "./RequestTab.css";

type Built =
  | { state: "building" }
  | { state: "built"; body: unknown; headers: [string, string][]; piVersion?: PiVersionId }
  | { state: "failed"; error: string };

/**
 * The Request tab: the request the session would send next, as pi-ai builds it for the Model tab's
 * provider and model (nothing is sent to build it); after a real request, the body that went out and the
 * response's usage; the session's total. Without a provider and model it falls back to a hand-made sketch.
 */
export function RequestTab() {
  const { stores } = useSession();
  // Without model mode the tab still shows the hand-made sketch: the model only adds pi-ai's own body.
  const model = useIfOffered(ModelFeature);
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
  const { t } = useT("systemPrompt");

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
        <section aria-label={t("req.next")}>
          <h3 className="request-tab__title">
            {t("req.nextTo")} <code>{choice.modelId}</code> {t("req.at")} <code>{choice.baseUrl}</code>
          </h3>
          <p className="muted">{t("req.nextAbout")}</p>
          {built.state === "building" ? <p className="muted">{t("req.building")}</p> : null}
          {built.state === "failed" ? (
            <p className="error">
              {t("req.failed", { error: "" })}
              <ModelText>{built.error}</ModelText>
            </p>
          ) : null}
          {built.state === "built" ? (
            <>
              <BuiltBy version={built.piVersion} />
              <Headers headers={built.headers} label={t("req.headers")} />
              <CodeBlock label={t("req.body")}>{JSON.stringify(built.body, null, 2)}</CodeBlock>
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
  const { t } = useT("systemPrompt");
  const usageText = useUsageText();
  if (usage.turns === 0) return null;
  return (
    <p className="usage-total" data-testid="session-usage">
      {t("req.session", { usage: usageText(usage.session), count: usage.turns })}
    </p>
  );
}

function Sent() {
  const { stores } = useSession();
  const last = useStore(stores.modelRequest);
  const { t } = useT("systemPrompt");
  const usageText = useUsageText();
  if (!last.sent) return null;
  return (
    <section aria-label={t("req.lastSent")}>
      <h3 className="request-tab__title">
        {t("req.lastSentTo")} <code>{last.sent.model}</code>
      </h3>
      <p className="muted" data-testid="sent-usage">
        {last.stopReason === null
          ? t("req.waiting")
          : last.usage
            ? t("req.response", { usage: usageText(last.usage), reason: last.stopReason })
            : t("req.noUsage", { reason: last.stopReason })}
      </p>
      <BuiltBy version={last.sent.piVersion} />
      <Headers headers={last.sent.headers} label={t("req.headersSent")} />
      <CodeBlock label={t("req.bodySent")}>{JSON.stringify(last.sent.body, null, 2)}</CodeBlock>
    </section>
  );
}

/** Whose pi-ai built a body: the two versions send different ones for the same conversation. */
function BuiltBy({ version }: { version: PiVersionId | undefined }) {
  const { t } = useT("systemPrompt");
  if (!version) return null;
  return (
    <p className="muted" data-testid="request-pi-version">
      {t("req.builtBy", { version })}
    </p>
  );
}

function Headers({ headers, label }: { headers: [string, string][]; label: string }) {
  const { t } = useT("systemPrompt");
  return (
    <table className="request-tab__headers" aria-label={label}>
      <caption className="muted">{t("req.headersCaption", { label })}</caption>
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
  const entries = useStore(stores.transcript, (s) => s.entries);
  const { t } = useT("systemPrompt");
  const json = useMemo(
    () => JSON.stringify(wireRequest(provider, rendered, declarations, entries), null, 2),
    [provider, rendered, declarations, entries],
  );
  return (
    <div>
      <fieldset className="inline-choice">
        <legend>{t("req.provider")}</legend>
        {(["anthropic", "openai"] as const).map((p) => (
          <label key={p}>
            <input
              type="radio"
              name="wire-provider"
              checked={provider === p}
              onChange={() => setProvider(p)}
            />{" "}
            {t(p === "anthropic" ? "req.anthropic" : "req.openai")}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t("req.sketch")}</p>
      <CodeBlock label={t("req.sketchLabel")}>{json}</CodeBlock>
    </div>
  );
}
