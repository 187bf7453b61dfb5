import { type RecordedCall, sameAnswer } from "@agent/pi-session/to-events";
import { useState } from "react";
import { useReplay } from "../features";
import { useT } from "../i18n";
import type { PiRecording, ReplayLoading } from "./replay-handle";
import "./Recording.css";

/**
 * A pi session file in the replay bar (docs/pi-sessions.md): while it loads, how far it got; once shown,
 * its calls with pi's recorded answers, each of which can be run again on the page's workspace and is
 * then marked the same as pi's or different. Loaded with the first session file, strings included.
 */
export function RecordingProgress({ loading }: { loading: ReplayLoading }) {
  const { t, format } = useT("piSession");
  const label = t(loading.phase === "reading" ? "reading" : "drawing", { name: loading.name });
  return (
    <div className="replay-loading" role="status">
      <span>{label}</span> <progress aria-label={label} max={loading.total || 1} value={loading.done} />{" "}
      <span className="muted">
        {loading.phase === "reading"
          ? t("bytes", { done: format.bytes(loading.done), total: format.bytes(loading.total) })
          : t("events", { done: format.count(loading.done), total: format.count(loading.total) })}
      </span>
    </div>
  );
}

type Rerun = { state: "running" } | { state: "done"; same: boolean; text: string; isError: boolean };

export function RecordingBar({ recording }: { recording: PiRecording }) {
  const { t } = useT("piSession");
  const replay = useReplay();
  const [reruns, setReruns] = useState<Record<string, Rerun>>({});
  const run = async (call: RecordedCall) => {
    setReruns((all) => ({ ...all, [call.toolCallId]: { state: "running" } }));
    const answer = await replay.rerun(call).catch((error: Error) => ({ text: error.message, isError: true }));
    const same = sameAnswer(call, answer);
    setReruns((all) => ({ ...all, [call.toolCallId]: { state: "done", same, ...answer } }));
  };
  const runAll = async () => {
    for (const call of recording.calls) await run(call);
  };
  const differ = Object.values(reruns).filter((r) => r.state === "done" && !r.same).length;
  return (
    <div className="recording">
      <p>
        {t("about", { version: recording.version, count: recording.calls.length })}{" "}
        <button type="button" onClick={() => void runAll()} disabled={recording.calls.length === 0}>
          {t("rerunAll")}
        </button>{" "}
        {Object.keys(reruns).length > 0 ? <strong>{t("differ", { count: differ })}</strong> : null}{" "}
        {recording.scenario ? (
          <button
            type="button"
            title={t("asScenarioTitle")}
            onClick={() => recording.scenario && replay.playAsScenario(recording.scenario)}
          >
            {t("asScenario")}
          </button>
        ) : null}
      </p>
      {recording.skippedCount > 0 ? (
        <p className="recording__skipped" role="note">
          {t("skipped", {
            count: recording.skippedCount,
            lines: recording.skipped.map((s) => s.line).join(", "),
          })}
        </p>
      ) : null}
      <ol className="recording__calls" aria-label={t("callsLabel")}>
        {recording.calls.map((call) => {
          const rerun = reruns[call.toolCallId];
          const mark = !rerun
            ? "recorded"
            : rerun.state === "running"
              ? "running"
              : rerun.same
                ? "same"
                : "differs";
          return (
            <li key={call.toolCallId} data-mark={mark}>
              <code>
                {call.toolName} {JSON.stringify(call.args)}
              </code>{" "}
              <span className={`recording__mark recording__mark--${mark}`}>{t(`mark.${mark}`)}</span>{" "}
              <button
                type="button"
                onClick={() => void run(call)}
                disabled={mark === "running"}
                aria-label={t("rerunOne", { tool: call.toolName, id: call.toolCallId })}
              >
                {t("rerun")}
              </button>
              {rerun?.state === "done" && !rerun.same ? (
                <div className="recording__answers">
                  <div>
                    <span>{t("piAnswer", { error: call.isError ? t("error") : "" })}</span>
                    <pre lang="en">{call.answered ? call.text : t("noAnswer")}</pre>
                  </div>
                  <div>
                    <span>{t("pageAnswer", { error: rerun.isError ? t("error") : "" })}</span>
                    <pre lang="en">{rerun.text}</pre>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
