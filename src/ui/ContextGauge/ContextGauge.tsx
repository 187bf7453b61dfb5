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
  type TruncationFigures,
} from "@state/context-window";
import { useEffect, useId, useMemo, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import "./ContextGauge.css";

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
    () => findCut(messages, settings.keepRecentTokens),
    [messages, settings.keepRecentTokens],
  );
  const over = total.tokens > threshold;
  const scale = Math.max(window, total.tokens);
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;

  // The bar: what the provider reported as one block, then each later message as pi estimates it.
  const segments: { key: string; tokens: number; kind: string; title: string }[] = [];
  if (total.lastUsageIndex === null) {
    segments.push({ key: "p", tokens: promptTokens, kind: "prompt", title: t("prompt") });
    for (const e of entries)
      segments.push({
        key: `m${e.index}`,
        tokens: e.estimate,
        kind: e.role,
        title: `${e.index + 1} ${rowTitle(e)}`,
      });
  } else {
    segments.push({
      key: "u",
      tokens: total.usageTokens,
      kind: "usage",
      title: t("reported", { last: total.lastUsageIndex + 1 }),
    });
    for (const e of entries.slice(total.lastUsageIndex + 1))
      segments.push({
        key: `m${e.index}`,
        tokens: e.estimate,
        kind: e.role,
        title: `${e.index + 1} ${rowTitle(e)}`,
      });
  }
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
            <span
              key={s.key}
              className={`context-gauge__seg context-gauge__seg--${s.kind}`}
              style={{ width: pct(s.tokens) }}
              title={`${s.title}: ${format.count(s.tokens)}`}
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
      <table className="context-gauge__table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("col.what")}</th>
            <th scope="col" className="num">
              {t("col.tokens")}
            </th>
            <th scope="col">{t("col.source")}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-role="prompt">
            <td />
            <td>{t("prompt")}</td>
            <td className="num">{format.count(promptTokens)}</td>
            <td title={t("sourceLong.estimate")}>{t("source.estimate")}</td>
          </tr>
          {entries.map((e) => (
            <Row
              key={e.index}
              entry={e}
              kept={cut.firstKept <= e.index}
              label={rowTitle(e)}
              cutHere={entries.length > 0 && cut.firstKept === e.index && cut.firstKept > 0}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Row({
  entry,
  label,
  kept,
  cutHere,
}: {
  entry: ContextEntry;
  label: string;
  kept: boolean;
  cutHere: boolean;
}) {
  const { t, format } = useT("contextGauge");
  const [open, setOpen] = useState(false);
  const usage = entry.usageOutput !== null;
  return (
    <>
      {cutHere ? (
        <tr className="context-gauge__cutrow">
          <td colSpan={4}>{t("cutRow", { count: entry.index })}</td>
        </tr>
      ) : null}
      <tr data-role={entry.role} data-kept={kept} data-testid="context-row">
        <td className="num">{entry.index + 1}</td>
        <td>
          {label}
          {entry.truncation ? (
            <>
              {" "}
              <button type="button" className="context-gauge__why" onClick={() => setOpen((o) => !o)}>
                {t("why")}
              </button>
              {open ? <Untruncated figures={entry.truncation} sent={entry.estimate} /> : null}
            </>
          ) : null}
        </td>
        <td className="num">{format.count(usage ? (entry.usageOutput ?? 0) : entry.estimate)}</td>
        <td title={usage ? t("sourceLong.usage") : t("sourceLong.estimate")}>
          {usage ? t("source.usage") : t("source.estimate")}
        </td>
      </tr>
    </>
  );
}

/** What the whole output would have cost against what the cut sent. */
function Untruncated({ figures, sent }: { figures: TruncationFigures; sent: number }) {
  const { t, format } = useT("contextGauge");
  const full = estimateChars(figures.totalBytes);
  return (
    <p className="context-gauge__untruncated" data-testid="untruncated">
      {t("untruncated", {
        full: format.count(full),
        bytes: format.count(figures.totalBytes),
        lines: format.count(figures.totalLines),
        sent: format.count(sent),
        outputBytes: format.count(figures.outputBytes),
        outputLines: format.count(figures.outputLines),
        times: format.count(Math.round(full / Math.max(1, sent))),
      })}
    </p>
  );
}
