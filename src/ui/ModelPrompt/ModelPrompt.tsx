import { isInsecureBaseUrl, MODEL_PRESETS, presetByKey } from "@agent/drivers/model-presets";
import type { ConnectionAnswer } from "@agent/drivers/provider-errors";
import { type FormEvent, useId, useState } from "react";
import { submitOnCtrlEnter } from "../CallForm/hand";
import { RunBar } from "../CallForm/RunBar";
import { ModelFeature, Only, useModel } from "../features";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { type ModelSettings, useSession } from "../session-context";
import { ConnectionAnswerText } from "./ConnectionAnswer";
import { ModelField } from "./ModelField";
import "./ModelPrompt.css";

const THINKING = ["off", "minimal", "low", "medium", "high"] as const;

/**
 * Model mode: a real model drives the tools. The learner picks a provider (its base URL and a model id
 * come with it, both editable), gives a key if the provider needs one, and sends a message; the model's
 * text and tool calls stream into the transcript above. The key goes to the page's provider context, in
 * memory only, never to the session.
 */
export function ModelPrompt() {
  const { t } = useT("modelPrompt");
  return (
    <Only feature={ModelFeature} fallback={<p className="muted">{t("unavailable")}</p>}>
      <ModelForm />
    </Only>
  );
}

function ModelForm() {
  const model = useModel();
  const { send } = useSession();
  const { t } = useT("modelPrompt");
  const settings = useStore(model.settings);
  const keyHint = useStore(model.keyHint);
  const remember = useStore(model.remember);
  const [message, setMessage] = useState("");
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<ConnectionAnswer | null>(null);
  const id = useId();
  const preset = presetByKey(settings.preset);
  const insecure = isInsecureBaseUrl(settings.baseUrl);
  const update = (patch: Partial<ModelSettings>) => {
    model.settings.set({ ...settings, ...patch });
    setTested(null);
  };
  const pick = (key: string) => {
    const next = presetByKey(key);
    if (!next) return;
    const { provider, api, baseUrl, modelId } = next;
    update({ preset: key, provider, api, baseUrl, modelId });
  };
  const choice = () => {
    const { provider, api, baseUrl, modelId, thinkingLevel } = settings;
    return { provider, api, baseUrl: baseUrl.trim(), modelId: modelId.trim(), thinkingLevel };
  };
  const problem = !settings.baseUrl.trim() ? t("needBase") : !settings.modelId.trim() ? t("needModel") : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // While the model works the session queues the message, as pi queues a follow-up.
    if (problem || !message.trim()) return;
    send({ type: "model_prompt", text: message.trim(), model: choice() });
    setMessage("");
  };
  const test = async () => {
    setTesting(true);
    setTested(null);
    try {
      setTested(await model.testConnection(choice()));
    } finally {
      setTesting(false);
    }
  };

  return (
    <form className="model-form" onSubmit={submit} onKeyDown={submitOnCtrlEnter} aria-label={t("form")}>
      <div className="model-form__body">
        <div className="model-form__message">
          <label htmlFor={`${id}-message`}>{t("message")}</label>
          <textarea
            id={`${id}-message`}
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder={t("placeholder")}
          />
        </div>
        <div className="model-form__grid">
          <label htmlFor={`${id}-provider`}>{t("provider")}</label>
          <select id={`${id}-provider`} value={settings.preset} onChange={(e) => pick(e.target.value)}>
            {MODEL_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {/* a provider's name stays its own; a label that says more is the page's */}
                {t(`modelPresets:label.${p.key}`, { defaultValue: p.label })}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-base`}>{t("base")}</label>
          <input
            id={`${id}-base`}
            type="url"
            value={settings.baseUrl}
            spellCheck={false}
            onChange={(e) => update({ baseUrl: e.target.value })}
            aria-describedby={insecure ? `${id}-insecure` : undefined}
          />
          <label htmlFor={`${id}-model`}>{t("model")}</label>
          <ModelField
            id={`${id}-model`}
            provider={settings.provider}
            api={settings.api}
            value={settings.modelId}
            onChange={(modelId) => update({ modelId })}
          />
          <label htmlFor={`${id}-key`}>{t("key")}</label>
          <div className="model-form__key">
            <input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              placeholder={keyHint ?? t(preset?.keyless ? "keyless" : "keyPlaceholder")}
              aria-describedby={`${id}-key-note`}
              onChange={(e) => model.setKey(e.target.value)}
            />
            <span id={`${id}-key-note`} className="muted">
              {keyHint ? t(remember ? "keySetRemembered" : "keySetMemory", { hint: keyHint }) : t("keyNote")}
            </span>
            <label className="model-form__remember">
              <input
                type="checkbox"
                checked={remember}
                onChange={(e) => model.setRemember(e.target.checked)}
              />{" "}
              {t("remember")}
            </label>
          </div>
          <label htmlFor={`${id}-thinking`}>{t("thinking")}</label>
          <select
            id={`${id}-thinking`}
            value={settings.thinkingLevel ?? "medium"}
            onChange={(e) => update({ thinkingLevel: e.target.value as ModelSettings["thinkingLevel"] })}
          >
            {THINKING.map((level) => (
              <option key={level} value={level}>
                {t(`level.${level}`)}
              </option>
            ))}
          </select>
        </div>
        {insecure ? (
          <p id={`${id}-insecure`} className="model-form__warning">
            {t("insecure")}
          </p>
        ) : null}
        <div className="model-form__test">
          <button type="button" onClick={test} disabled={testing || Boolean(problem)}>
            {t("test")}
          </button>
          <output aria-live="polite">
            {testing ? t("testing") : tested ? <ConnectionAnswerText answer={tested} /> : null}
          </output>
        </div>
      </div>
      <RunBar
        label={t("send")}
        labelWhileRunning={t("queue")}
        disabled={Boolean(problem) || !message.trim()}
        problem={problem}
        problemId={`${id}-problem`}
        note={
          insecure
            ? t("insecureNote")
            : t("sends", { model: settings.modelId || t("theModel"), url: settings.baseUrl || "…" })
        }
      />
    </form>
  );
}
