import type { AssistantMessage } from "@agent/messages";
import {
  type CompactionSettings,
  type ContextEntry,
  compactionThreshold,
  contextTotal,
  DEFAULT_COMPACTION,
  DEFAULT_CONTEXT_WINDOW,
  estimateChars,
  findCut,
  SMALL_WINDOW,
} from "@state/context-window";
import { useEffect, useId, useMemo, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import "./ContextGauge.css";
import { BarSegment } from "./BarSegment";
import { MessageRows } from "./MessageRows";
import { barSegments } from "./segments";

/** The windows the learner can pick; the small one comes with settings a pi user would give a small model. */
const WINDOWS: readonly { id: string; window: number; settings: CompactionSettings }[] = [
  { id: "8192", ...SMALL_WINDOW },
  { id: "32000", window: 32_000, settings: DEFAULT_COMPACTION },
  { id: "128000", window: DEFAULT_CONTEXT_WINDOW, settings: DEFAULT_COMPACTION },
  { id: "200000", window: 200_000, settings: DEFAULT_COMPACTION },
  { id: "1000000", window: 1_000_000, settings: DEFAULT_COMPACTION },
];

/** The window pi-ai's table gives the model that answered last (model mode), once the table has loaded. */
function useModelWindow(model: Pick<AssistantMessage, "provider" | "api" | "model"> | null): number | null {
  const [found, setFound] = useState<{ key: string; window: number } | null>(null);
  const key = model ? `${model.provider}/${model.api}/${model.model}` : "";
  useEffect(() => {
    if (!model) return;
    let live = true;
    import("@agent/drivers/model-catalog").then(
      (c) => {
        const known = c
          .knownModels(model.provider, model.api as Parameters<typeof c.knownModels>[1])
          .find((m) => m.id === model.model);
        if (live) setFound({ key, window: known?.contextWindow ?? c.UNKNOWN_MODEL_DEFAULTS.contextWindow });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, model]);
  return found && found.key === key ? found.window : null;
}

/**
 * The model's context window, measured: the system prompt and every message with its tokens (the
 * provider's usage when a model answered, pi's chars/4 estimate otherwise), the window, the line where pi
 * would compact and the message from which it would keep the rest (docs/context-window.md).
 */
export function ContextGauge() {
  const { stores } = useSession();
  const { t, format } = useT("contextGauge");
  const entries = useStore(stores.contextWindow, (s) => s.entries);
  const messages = useStore(stores.contextWindow, (s) => s.messages);
  const promptChars = useStore(stores.prompt, (p) => p.rendered.length);
  const [choice, setChoice] = useState<string>("model");
  const selectId = useId();

  const answered = useMemo(() => {
    for (let i = entries.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (entries[i]?.usageContext != null && m?.role === "assistant")
        return { provider: m.provider, api: m.api, model: m.model };
    }
    return null;
  }, [entries, messages]);
  const modelWindow = useModelWindow(answered);

  const picked = WINDOWS.find((w) => w.id === choice);
  const window = picked?.window ?? modelWindow ?? DEFAULT_CONTEXT_WINDOW;
  const settings = picked?.settings ?? DEFAULT_COMPACTION;
  const promptTokens = estimateChars(promptChars);
  const total = contextTotal(entries, promptTokens);
  const threshold = compactionThreshold(window, settings);
  const cut = useMemo(
    // The estimates the fold already made, rather than measuring each message again.
    () => findCut(messages, settings.keepRecentTokens, (i) => entries[i]?.estimate ?? 0),
    [messages, entries, settings.keepRecentTokens],
  );
  const over = total.tokens > threshold;
  const scale = Math.max(window, total.tokens);
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;

  // The bar: what the provider reported as one block, then each later message as pi estimates it.
  const segments = useMemo(() => {
    const head =
      total.lastUsageIndex === null
        ? { key: "p", tokens: promptTokens, kind: "prompt", first: -1, last: -1 }
        : { key: "u", tokens: total.usageTokens, kind: "usage", first: -1, last: -1 };
    const rest = total.lastUsageIndex === null ? entries : entries.slice(total.lastUsageIndex + 1);
    return [head, ...barSegments(rest)];
  }, [entries, promptTokens, total.lastUsageIndex, total.usageTokens]);
  function rowTitle(e: ContextEntry) {
    return `${t(`role.${e.role}`)}${e.label ? ` (${e.label})` : ""}`;
  }

  return (
    <div className="context-gauge" data-over={over}>
      <div className="context-gauge__summary">
        <div className="context-gauge__head">
          <p className="context-gauge__total" data-testid="context-total">
            {t("total", {
              tokens: format.count(total.tokens),
              window: format.count(window),
              percent: format.count(Math.round((total.tokens / window) * 100)),
            })}
          </p>
          <label htmlFor={selectId} className="context-gauge__pick">
            {t("window")}{" "}
            <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="model">
                {modelWindow === null
                  ? t("windowDefault", { window: format.count(DEFAULT_CONTEXT_WINDOW) })
                  : t("windowModel", { model: answered?.model ?? "", window: format.count(modelWindow) })}
              </option>
              {WINDOWS.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.settings === DEFAULT_COMPACTION
                    ? format.count(w.window)
                    : t("windowSmall", {
                        window: format.count(w.window),
                        reserve: format.count(w.settings.reserveTokens),
                        keep: format.count(w.settings.keepRecentTokens),
                      })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="context-gauge__bar" role="img" aria-label={t("barLabel")}>
          {segments.map((s) => (
            <BarSegment
              key={s.key}
              kind={s.kind}
              first={s.first}
              last={s.last}
              tokens={s.tokens}
              width={pct(s.tokens)}
              label={s.first === s.last ? (entries[s.first]?.label ?? undefined) : undefined}
              reportedUpTo={total.lastUsageIndex ?? undefined}
            />
          ))}
          <span
            className="context-gauge__line"
            data-testid="compaction-line"
            style={{ left: pct(Math.max(0, threshold)) }}
            title={t("compactsAt", { tokens: format.count(threshold) })}
          />
        </div>
        <p className={over ? "context-gauge__status context-gauge__status--over" : "context-gauge__status"}>
          <span data-testid="compaction-status">
            {over
              ? t("over", { threshold: format.count(threshold) })
              : t("under", {
                  threshold: format.count(threshold),
                  left: format.count(threshold - total.tokens),
                })}
          </span>{" "}
          <span className="muted">
            {t("settings", {
              window: format.count(window),
              reserve: format.count(settings.reserveTokens),
              keep: format.count(settings.keepRecentTokens),
            })}
          </span>
        </p>
        {entries.length > 0 ? (
          <p className="context-gauge__cut" data-testid="cut-point">
            {cut.firstKept === 0
              ? t("keepsAll", { keep: format.count(settings.keepRecentTokens) })
              : t(cut.splitTurn ? "cutSplit" : "cut", {
                  first: cut.firstKept + 1,
                  dropped: cut.firstKept,
                  turn: cut.turnStart + 1,
                  keep: format.count(settings.keepRecentTokens),
                })}
          </p>
        ) : null}
      </div>
      <MessageRows
        entries={entries}
        promptTokens={promptTokens}
        firstKept={cut.firstKept}
        rowTitle={rowTitle}
      />
    </div>
  );
}
