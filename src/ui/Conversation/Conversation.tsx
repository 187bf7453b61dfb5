import { lazy, Suspense, useState } from "react";
import { CallForm } from "../CallForm/CallForm";
import { DebuggerStrip } from "../Debugger/DebuggerGate";
import { loadNamespaces, useT } from "../i18n";
import { LiveOnly } from "../Replay/ReplaySession";
import { ScenarioPlayer } from "../ScenarioPlayer/ScenarioPlayer";
import { Tabs } from "../Tabs/Tabs";
import { Transcript } from "../Transcript/Transcript";
import "./Conversation.css";

// Model mode's composer, its connection answers' strings with it, loads when the learner first picks it.
const ModelPrompt = lazy(() =>
  Promise.all([import("../ModelPrompt/ModelPrompt"), loadNamespaces(["modelConnection"])]).then(([m]) => ({
    default: m.ModelPrompt,
  })),
);

type Mode = "scenario" | "hand" | "model";

/** The transcript above, and the three ways to drive the tools below. */
export function Conversation() {
  const [mode, setMode] = useState<Mode>("scenario");
  const { t } = useT("conversation");
  return (
    <div className="conversation">
      <Transcript />
      <LiveOnly>
        <DebuggerStrip />
      </LiveOnly>
      {/* It drives the live session: during a replay it stays as it is, out of sight (LiveOnly). */}
      <LiveOnly className="composer">
        <Tabs
          label={t("driveWith")}
          className="composer__tabs"
          tabs={[
            { key: "scenario", label: t("scenario") },
            { key: "hand", label: t("hand") },
            { key: "model", label: t("model") },
          ]}
          selected={mode}
          onSelect={setMode}
        >
          {mode === "scenario" ? <ScenarioPlayer /> : null}
          {mode === "hand" ? <CallForm /> : null}
          {mode === "model" ? (
            <Suspense fallback={null}>
              <ModelPrompt />
            </Suspense>
          ) : null}
        </Tabs>
      </LiveOnly>
    </div>
  );
}
