// npm run scenario -- <file.json>: runs one scenario headless in Node on memfs, prints every event as one
// JSON line, then a summary line.
import { readFileSync } from "node:fs";
import { runScenarioHeadless } from "../src/app/run-scenario.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run scenario -- <file.json>");
  process.exit(2);
}
const scenario = JSON.parse(readFileSync(file, "utf8"));
const started = Date.now();
const { events, session } = await runScenarioHeadless(scenario, (e) => console.log(JSON.stringify(e)));
const count = (t: string) => events.filter((e) => e.type === t).length;
console.log(
  JSON.stringify({
    summary: scenario.title,
    events: events.length,
    runs: count("agent_start"),
    toolCalls: count("tool_execution_start"),
    errors: events.filter((e) => e.type === "tool_execution_end" && e.isError).length,
    queueWaits: count("queue_wait"),
    status: session.player?.status,
    ms: Date.now() - started,
  }),
);
