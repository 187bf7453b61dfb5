import { createEventLog } from "@state/event-log";
import type { Scheduler } from "@state/store";
import { App } from "@ui/App/App";
import { SessionContext, type SessionHandle } from "@ui/session-context";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@ui/styles.css";
import { startSessionWorker } from "./worker-port";

// One render per animation frame however fast the worker talks.
const perFrame: Scheduler = (flush) => requestAnimationFrame(flush);

const port = startSessionWorker();
const events = createEventLog(10_000, perFrame);
port.onEvent((event) => events.append(event));

const session: SessionHandle = { events, send: (command) => port.send(command) };
port.send({ type: "init" });

const root = document.getElementById("root");
if (!root) throw new Error('index.html must contain <div id="root">.');
createRoot(root).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <App />
    </SessionContext.Provider>
  </StrictMode>,
);
