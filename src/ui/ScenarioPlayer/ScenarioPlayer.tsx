import { restoredPlayerNote } from "@state/restored-player";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useScenarios, useSession } from "../session-context";
import { localized } from "./localized";
import { RestoredNote, useRestored } from "./RestoredNote";
import { StepList } from "./StepList";
import "./ScenarioPlayer.css";

const SPEEDS = [
  { value: 0.5, label: "0.5×" },
  { value: 1, label: "1×" },
  { value: 2, label: "2×" },
  { value: 4, label: "4×" },
  { value: 0, label: "noPauses" },
] as const;

/** What the status line says: the step the player is on, counted as the list shows steps. */
function statusText(t: TFunction, scenario: { status: string; current: number; steps: readonly unknown[] }) {
  const total = scenario.steps.length;
  if (scenario.status === "done") return t("finished");
  if (scenario.current < 0) return t("ready", { count: total });
  return t("at", { n: scenario.current + 1, count: total, status: t(`status.${scenario.status}`) });
}

/**
 * Pick a scripted conversation and replay it: play, step, pause, speed. No key, no network. The list
 * shows every step the counter counts: the file's, and under a reply that asks for calls, one per result.
 */
export function ScenarioPlayer() {
  const { stores, send } = useSession();
  const { scenarios, scenarioLoading, loadScenario, saveScenario } = useScenarios();
  const { t, language } = useT("scenarioPlayer");
  const list = useStore(scenarios);
  // While a picked scenario is on its way, Play and Step would start the one shown before it.
  const loading = useStore(scenarioLoading) !== null;
  const scenario = useStore(stores.status, (s) => s.scenario);
  const ready = useStore(stores.status, (s) => s.ready);
  const [picked, setPicked] = useState<string | null>(null);
  // Off: a pick starts clean. On: the old conversation and timeline stay, to compare two scenarios.
  const [keepHistory, setKeepHistory] = useState(false);
  // The list shows one line (the current step) so the transcript keeps the panel's height; all on demand.
  const [allSteps, setAllSteps] = useState(false);
  // After a reload restored the workspace nothing is loaded: the player says why and what a pick does.
  const restored = useRestored();
  const note = restoredPlayerNote({
    restored: restored !== null,
    scenarioLoaded: scenario !== null,
    remembered: restored?.remembered ?? null,
    shipped: list,
  });

  // First visit: have the first scenario ready to play (the design's default).
  useEffect(() => {
    if (ready && !scenario && list.length > 0 && picked === null) {
      setPicked(list[0].file);
      // It gives way to a `?scenario=` link that loaded: the picker then shows no shipped scenario.
      void loadScenario(list[0].file, { initial: true }).then((done) => done || setPicked(""));
    }
  }, [ready, scenario, list, picked, loadScenario]);

  const current = scenario?.current ?? -1;

  const playing = scenario?.status === "playing";
  const done = scenario?.status === "done";
  return (
    <div className="player">
      <div className="player__row">
        <label className="player__pick">
          <span className="sr-only">{t("scenario")}</span>
          <select
            value={picked ?? ""}
            onChange={(e) => {
              const before = picked;
              setPicked(e.target.value);
              // "Keep editing" in the question about unsaved edits puts the old pick back.
              void loadScenario(e.target.value, { keepHistory }).then((done) => done || setPicked(before));
            }}
          >
            {list.length === 0 ? <option value="">{t("listLoading")}</option> : null}
            {list.length > 0 && picked === "" ? (
              <option value="" disabled>
                {t("pickOne")}
              </option>
            ) : null}
            {list.map((s) => (
              <option key={s.file} value={s.file}>
                {localized(s, language).title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          disabled={!scenario || done || loading}
          onClick={() =>
            send(playing ? { type: "scenario_pause" } : { type: "scenario_play", speed: scenario?.speed })
          }
        >
          {t(playing ? "pause" : "play")}
        </button>
        <button
          type="button"
          disabled={!scenario || playing || done || loading}
          onClick={() => send({ type: "scenario_step" })}
        >
          {t("step")}
        </button>
        <button
          type="button"
          disabled={!scenario}
          // The scenario loaded, wherever it came from (a file or a link too); the pick when none is known.
          onClick={() => void loadScenario(picked ?? "", { restart: true })}
          title={t("restartTitle")}
        >
          {t("restart")}
        </button>
        <label>
          {t("speed")}{" "}
          <select
            value={scenario?.speed ?? 1}
            onChange={(e) => send({ type: "scenario_speed", speed: Number(e.target.value) })}
            disabled={!scenario}
          >
            {SPEEDS.map((s) => (
              <option key={s.label} value={s.value}>
                {s.label === "noPauses" ? t("noPauses") : s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="player__row player__options">
        <label title={t("keepHistoryTitle")}>
          <input type="checkbox" checked={keepHistory} onChange={(e) => setKeepHistory(e.target.checked)} />{" "}
          {t("keepHistory")}
        </label>
        <label className="player__check" title={t("pauseAfterCallTitle")}>
          <input
            type="checkbox"
            checked={scenario?.pauseAfterCall ?? false}
            disabled={!scenario}
            onChange={(e) => send({ type: "scenario_pause_after_call", value: e.target.checked })}
          />{" "}
          {t("pauseAfterCall")}
        </label>
        <button type="button" onClick={() => void saveScenario()} title={t("saveTitle")}>
          {t("save")}
        </button>
      </div>
      {scenario ? (
        <>
          {/* First under the controls: where the player is stays in sight however little room there is. */}
          <div className="player__line">
            <p className="player__status" aria-live="polite">
              {loading ? t("loadingPicked") : statusText(t, scenario)}
            </p>
            <StepList steps={scenario.steps} current={current} open={allSteps} />
            <button
              type="button"
              className="linkish"
              aria-expanded={allSteps}
              onClick={() => setAllSteps((open) => !open)}
            >
              {t("allSteps")}
            </button>
          </div>
          <p className={`player__about${allSteps ? " is-open" : ""}`}>
            <strong>{localized(scenario, language).title}</strong>
            {t("titleSeparator")}
            {localized(scenario, language).description}
          </p>
        </>
      ) : note ? (
        <RestoredNote
          note={note}
          onLoad={(file) => {
            setPicked(file);
            void loadScenario(file, { keepHistory }).then((done) => done || setPicked(""));
          }}
        />
      ) : (
        <p className="muted">{t("loadingOne")}</p>
      )}
    </div>
  );
}
