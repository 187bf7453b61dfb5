import { isInsecureBaseUrl, MODEL_PRESETS, presetByKey } from "@agent/drivers/model-presets";
import { type FormEvent, useId, useState } from "react";
import { submitOnCtrlEnter } from "../CallForm/hand";
import { RunBar } from "../CallForm/RunBar";
import { useStore } from "../hooks/useStore";
import { type ModelHandle, type ModelSettings, useSession } from "../session-context";
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
  const { model } = useSession();
  if (!model)
    return (
      <p className="muted">
        Model mode is not available on this page: it has no provider context to hold a key. Scenarios and
        calls by hand go through the same pipeline, offline.
      </p>
    );
  return <ModelForm model={model} />;
}

function ModelForm({ model }: { model: ModelHandle }) {
  const { send } = useSession();
  const settings = useStore(model.settings);
  const keyHint = useStore(model.keyHint);
  const remember = useStore(model.remember);
  const [message, setMessage] = useState("");
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<string | null>(null);
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
  const problem = !settings.baseUrl.trim()
    ? "Give the base URL of the provider's API."
    : !settings.modelId.trim()
      ? "Give the model id."
      : null;

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
    <form className="model-form" onSubmit={submit} onKeyDown={submitOnCtrlEnter} aria-label="Model prompt">
      <div className="model-form__body">
        <div className="model-form__message">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="Ask the model to do something with these files…"
          />
        </div>
        <div className="model-form__grid">
          <label htmlFor={`${id}-provider`}>Provider</label>
          <select id={`${id}-provider`} value={settings.preset} onChange={(e) => pick(e.target.value)}>
            {MODEL_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-base`}>Base URL</label>
          <input
            id={`${id}-base`}
            type="url"
            value={settings.baseUrl}
            spellCheck={false}
            onChange={(e) => update({ baseUrl: e.target.value })}
            aria-describedby={insecure ? `${id}-insecure` : undefined}
          />
          <label htmlFor={`${id}-model`}>Model</label>
          <ModelField
            id={`${id}-model`}
            provider={settings.provider}
            api={settings.api}
            value={settings.modelId}
            onChange={(modelId) => update({ modelId })}
          />
          <label htmlFor={`${id}-key`}>API key</label>
          <div className="model-form__key">
            <input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              placeholder={
                keyHint ??
                (preset?.keyless ? "not needed for a server on this machine" : "your key for this provider")
              }
              aria-describedby={`${id}-key-note`}
              onChange={(e) => model.setKey(e.target.value)}
            />
            <span id={`${id}-key-note`} className="muted">
              {keyHint
                ? `Key set: ${keyHint}, ${remember ? "remembered on this device" : "held in this tab's memory only (gone on reload)"}.`
                : "Kept in this tab's memory only, never in the session, events or exports."}
            </span>
            <label className="model-form__remember">
              <input
                type="checkbox"
                checked={remember}
                onChange={(e) => model.setRemember(e.target.checked)}
              />{" "}
              Remember on this device (in this browser's storage, readable by anything running on this page's
              address)
            </label>
          </div>
          <label htmlFor={`${id}-thinking`}>Thinking</label>
          <select
            id={`${id}-thinking`}
            value={settings.thinkingLevel ?? "medium"}
            onChange={(e) => update({ thinkingLevel: e.target.value as ModelSettings["thinkingLevel"] })}
          >
            {THINKING.map((level) => (
              <option key={level} value={level}>
                {level === "medium" ? "medium (pi's default)" : level}
              </option>
            ))}
          </select>
        </div>
        {insecure ? (
          <p id={`${id}-insecure`} className="model-form__warning">
            This base URL is plain http to another machine: the API key and your messages would cross the
            network unencrypted. Use https, or a server on this machine.
          </p>
        ) : null}
        <div className="model-form__test">
          <button type="button" onClick={test} disabled={testing || Boolean(problem)}>
            Test connection
          </button>
          <output aria-live="polite">{testing ? "Testing…" : tested}</output>
        </div>
      </div>
      <RunBar
        label="Send"
        labelWhileRunning="Queue message"
        disabled={Boolean(problem) || !message.trim()}
        problem={problem}
        problemId={`${id}-problem`}
        note={
          insecure
            ? "Warning: the base URL is plain http to another machine, so the key would cross the network unencrypted."
            : `Sends your message to ${settings.modelId || "the model"} at ${settings.baseUrl || "…"}; the model picks the tools.`
        }
      />
    </form>
  );
}
