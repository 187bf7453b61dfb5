import { useEffect, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

const SPEEDS = [
  { value: 0.5, label: "0.5×" },
  { value: 1, label: "1×" },
  { value: 2, label: "2×" },
  { value: 4, label: "4×" },
  { value: 0, label: "no pauses" },
];

/** Pick a scripted conversation and replay it: play, step, pause, speed. No key, no network. */
export function ScenarioPlayer() {
  const { stores, scenarios, scenarioLoading, loadScenario, send } = useSession();
  const list = useStore(scenarios);
  // While a picked scenario is on its way, Play and Step would start the one shown before it.
  const loading = useStore(scenarioLoading) !== null;
  const scenario = useStore(stores.status, (s) => s.scenario);
  const ready = useStore(stores.status, (s) => s.ready);
  const [picked, setPicked] = useState<string | null>(null);
  // Off: a pick starts clean. On: the old conversation and timeline stay, to compare two scenarios.
  const [keepHistory, setKeepHistory] = useState(false);

  // First visit: have the first scenario ready to play (the design's default).
  useEffect(() => {
    if (ready && !scenario && list.length > 0 && picked === null) {
      setPicked(list[0].file);
      void loadScenario(list[0].file);
    }
  }, [ready, scenario, list, picked, loadScenario]);

  const playing = scenario?.status === "playing";
  const done = scenario?.status === "done";
  return (
    <div className="player">
      <div className="player__row">
        <label>
          Scenario{" "}
          <select
            value={picked ?? ""}
            onChange={(e) => {
              const before = picked;
              setPicked(e.target.value);
              // "Keep editing" in the question about unsaved edits puts the old pick back.
              void loadScenario(e.target.value, { keepHistory }).then((done) => done || setPicked(before));
            }}
          >
            {list.length === 0 ? <option value="">(loading…)</option> : null}
            {list.map((s) => (
              <option key={s.file} value={s.file}>
                {s.title}
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
          {playing ? "Pause" : "Play"}
        </button>
        <button
          type="button"
          disabled={!scenario || playing || done || loading}
          onClick={() => send({ type: "scenario_step" })}
        >
          Step
        </button>
        <button
          type="button"
          disabled={!scenario || !picked}
          onClick={() => picked && void loadScenario(picked, { restart: true })}
          title="Start the scenario over: the conversation, timeline and counters are cleared, and its files and tools come back"
        >
          Restart
        </button>
        <label title="When on, picking a scenario keeps the conversation and timeline so far, to compare two runs">
          <input type="checkbox" checked={keepHistory} onChange={(e) => setKeepHistory(e.target.checked)} />{" "}
          Keep history
        </label>
        <label>
          Speed{" "}
          <select
            value={scenario?.speed ?? 1}
            onChange={(e) => send({ type: "scenario_speed", speed: Number(e.target.value) })}
            disabled={!scenario}
          >
            {SPEEDS.map((s) => (
              <option key={s.label} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {scenario ? (
        <>
          <p className="player__about">
            <strong>{scenario.title}</strong>: {scenario.description}{" "}
            <span className="muted" aria-live="polite">
              {loading
                ? "Loading the scenario picked…"
                : scenario.status === "done"
                  ? "Finished."
                  : `Step ${Math.min(scenario.next + 1, scenario.steps.length)} of ${scenario.steps.length} next (${scenario.status}).`}
            </span>
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so it must take focus to scroll by keyboard */}
          <ol className="player__steps" aria-label="Scenario steps" tabIndex={0}>
            {scenario.steps.map((s, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
                key={i}
                className={i < scenario.next ? "is-done" : i === scenario.next ? "is-next" : undefined}
                aria-current={i === scenario.next ? "step" : undefined}
              >
                <span className="player__n">{i + 1}.</span>
                <span className={`kind kind--${s.kind}`}>{s.kind}</span> {s.summary}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">Loading a scenario…</p>
      )}
    </div>
  );
}
