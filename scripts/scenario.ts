// npm run scenario -- <file.json>: runs one scenario headless in Node on memfs, prints every event as one
// JSON line, then a summary line. A file that is not a valid scenario exits 2 with one line saying why.
// PI_VERSION=0.73.1|1.6.0 picks the pi version (a scenario's own `pi` field wins; neither: the default).
import { readFileSync, statSync } from "node:fs";
import { checkScenarioSize, parseScenarioText, type Scenario } from "../src/agent/scenario.ts";
import { runScenarioHeadless } from "../src/app/worker/run-scenario.ts";
import { isPiVersionId, PI_VERSIONS } from "../src/core/versions/ids.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run scenario -- <file.json>");
  process.exit(2);
}

function load(path: string): Scenario {
  try {
    checkScenarioSize(statSync(path).size, path);
    return parseScenarioText(readFileSync(path, "utf8"), path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code ? `${path}: cannot read the file (${code}); check the path` : (error as Error).message,
    );
    process.exit(2);
  }
}

const asked = process.env.PI_VERSION;
if (asked !== undefined && asked !== "" && !isPiVersionId(asked)) {
  console.error(
    `PI_VERSION=${asked} is not a pi version the playground has: use ${PI_VERSIONS.map((v) => v.id).join(" or ")}`,
  );
  process.exit(2);
}
const scenario = load(file);
const started = Date.now();
const { events, playground } = await runScenarioHeadless(
  scenario,
  (e) => console.log(JSON.stringify(e)),
  {},
  isPiVersionId(asked) ? asked : undefined,
);
const count = (t: string) => events.filter((e) => e.type === t).length;
console.log(
  JSON.stringify({
    summary: scenario.title,
    pi: playground.session.piVersion,
    events: events.length,
    runs: count("agent_start"),
    toolCalls: count("tool_execution_start"),
    errors: events.filter((e) => e.type === "tool_execution_end" && e.isError).length,
    queueWaits: count("queue_wait"),
    status: playground.scenarios.player?.status,
    ms: Date.now() - started,
  }),
);
