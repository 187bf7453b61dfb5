import { useState } from "react";
import { CallForm } from "../CallForm/CallForm";
import { ScenarioPlayer } from "../ScenarioPlayer/ScenarioPlayer";
import { Tabs } from "../Tabs/Tabs";
import { Transcript } from "../Transcript/Transcript";
import "./Conversation.css";

type Mode = "scenario" | "hand" | "model";

/** The transcript above, and the three ways to drive the tools below. */
export function Conversation() {
  const [mode, setMode] = useState<Mode>("scenario");
  return (
    <div className="conversation">
      <Transcript />
      <div className="composer">
        <Tabs
          label="Drive the tools with"
          className="composer__tabs"
          tabs={[
            { key: "scenario", label: "Scenario" },
            { key: "hand", label: "Call a tool by hand" },
            { key: "model", label: "Model prompt" },
          ]}
          selected={mode}
          onSelect={setMode}
        >
          {mode === "scenario" ? <ScenarioPlayer /> : null}
          {mode === "hand" ? <CallForm /> : null}
          {mode === "model" ? (
            <div className="model-prompt">
              <label htmlFor="model-prompt">Prompt for a real model</label>
              <textarea
                id="model-prompt"
                rows={2}
                disabled
                placeholder="Ask the model to do something with these files…"
              />
              <p className="muted">
                Not available yet: talking to a real model needs the model driver and your own API key, which
                this build does not include. Scenarios and calls by hand go through exactly the same pipeline,
                offline.
              </p>
            </div>
          ) : null}
        </Tabs>
      </div>
    </div>
  );
}
