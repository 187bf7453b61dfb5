/**
 * The scenario oracle: every public scenario, played headless as `npm run scenario` plays it (with
 * PI_VERSION set to each version), must give the same pi events as pi-agent-core's own `Agent` of that
 * version fed the same scripted replies, holding the same tools over the same files.
 *
 * pi's Agent gets the playground's executable tools (a second playground, loaded with the scenario but
 * not played, builds them), so what is compared is the loop: which events, in which order, with which
 * messages and results. The tools themselves are held against pi's on recorded cases by the parity suite.
 * A scenario that names its own version (`pi`) plays on it whatever PI_VERSION says, and is compared
 * with that version's Agent.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { assistantMessage, streamMessage } from "@agent/drivers/stream";
import { isPiEvent } from "@agent/events.test-support";
import { parseScenarioText, type Scenario, type ScenarioStep } from "@agent/scenario";
import { Playground } from "@app/worker/playground";
import { runScenarioHeadless } from "@app/worker/run-scenario";
import type { PiVersionId } from "@core/versions/ids";
import { Agent as Agent16 } from "@earendil-works/pi-agent-core";
import { createAssistantMessageEventStream as stream16 } from "@earendil-works/pi-ai";
import { Agent as Agent073 } from "@mariozechner/pi-agent-core";
import { createAssistantMessageEventStream as stream073 } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const folder = join(root, "public/scenarios");
const files = readdirSync(folder).filter((f) => f.endsWith(".json") && f !== "index.json");
const load = (file: string) => parseScenarioText(readFileSync(join(folder, file), "utf8"), file);

const ORACLES = {
  "0.73.1": { Agent: Agent073, createStream: stream073 },
  "1.6.0": { Agent: Agent16, createStream: stream16 },
} as const;

/**
 * What may differ between two runs of the same thing: clock times and how long a call took (its
 * presence is compared, not its value), and the stand-in model's name, which each side picks.
 */
function normalise(event: unknown): unknown {
  return JSON.parse(JSON.stringify(event), (key, value) => {
    if (key === "timestamp") return typeof value === "number" ? (value === 0 ? 0 : "t") : value;
    if (key === "durationMs") return typeof value;
    return value;
  });
}

async function throughOurs(scenario: Scenario, version: PiVersionId): Promise<unknown[]> {
  const { events } = await runScenarioHeadless(scenario, undefined, {}, version);
  return events.filter((e) => isPiEvent(e)).map(({ seq: _s, ts: _t, ...event }) => normalise(event));
}

/** Each model request takes the next assistant step; one made after abort is answered "aborted", as a provider does. */
function scriptedStream(version: PiVersionId, steps: ScenarioStep[]) {
  const replies = steps.flatMap((s) => ("assistant" in s ? [s.assistant] : []));
  const { createStream } = ORACLES[version];
  return (_model: unknown, _context: unknown, options?: { signal?: AbortSignal }) => {
    const stream = createStream();
    const aborted = options?.signal?.aborted;
    const reply = aborted ? undefined : replies.shift();
    const message = reply
      ? assistantMessage(structuredClone(reply.content), reply.stopReason, "scripted", reply.errorMessage)
      : assistantMessage(
          [],
          aborted ? "aborted" : "error",
          "scripted",
          aborted ? "Request was aborted" : "none left",
        );
    (async () => {
      for await (const e of streamMessage(message)) stream.push(e as never);
      stream.end();
    })();
    return stream as never;
  };
}

async function throughPi(scenario: Scenario, version: PiVersionId): Promise<unknown[]> {
  // The tools and prompt the session would give its loop, on a playground of their own.
  const host = new Playground(() => {});
  host.handle({ type: "init", piVersion: version });
  host.scenarios.load(scenario);
  const context = () => host.session.context();
  const { Agent } = ORACLES[version];
  const agent = new Agent({
    initialState: { systemPrompt: context().systemPrompt, tools: context().tools as never },
    streamFn: scriptedStream(version, scenario.steps) as never,
  });
  const seen: unknown[] = [];
  agent.subscribe((e: unknown) => {
    seen.push(normalise(e));
  });
  // pi's Agent makes its own first system message; this only tells the host's prompt what went out first.
  host.session.tools.prompt.systemMessagesBefore([]);
  let before: unknown[] = [];
  for (const step of scenario.steps) {
    if ("tools" in step) {
      host.session.tools.applyScenarioTools(step.tools);
      agent.state.tools = context().tools as never;
      // 0.73.1 sends the whole prompt with every request; 1.6.0's lives in the transcript's system messages.
      if (version === "0.73.1")
        (agent.state as { systemPrompt: string }).systemPrompt = context().systemPrompt;
      // What pi's coding agent sends before the next prompt on 1.6.0: the patched sections. The tools it
      // declares are left to pi's loop, which adds them to this message itself.
      before = host.session.tools.prompt
        .systemMessagesBefore(agent.state.messages)
        .pending.map(({ toolsAdded: _a, toolsRemoved: _r, ...patch }) => patch);
    } else if ("user" in step) {
      const timer =
        step.abortAfterMs === undefined ? undefined : setTimeout(() => agent.abort(), step.abortAfterMs);
      const prompt = { role: "user", content: [{ type: "text", text: step.user }], timestamp: Date.now() };
      await agent.prompt([...before, prompt] as never);
      before = [];
      clearTimeout(timer);
    }
  }
  return seen;
}

const cases = files.flatMap((file) =>
  (["0.73.1", "1.6.0"] as const).map((asked) => {
    const scenario = load(file);
    return { file, asked, version: scenario.pi ?? asked, scenario };
  }),
);

describe("public scenarios against pi-agent-core", () => {
  it("covers every public scenario on both versions", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(new Set(cases.map((c) => c.version))).toEqual(new Set(["0.73.1", "1.6.0"]));
  });

  it.each(cases)(
    "$file with PI_VERSION=$asked: the same events as pi $version's Agent",
    async ({ scenario, version, asked }) => {
      const [ours, pi] = [await throughOurs(scenario, asked), await throughPi(scenario, version)];
      expect(pi.length).toBeGreaterThan(5);
      expect(ours).toEqual(pi);
    },
  );
});

describe("what the comparison covers", () => {
  const messagesOf = (events: unknown[], role: string) =>
    events.flatMap((e) => {
      const event = e as { type: string; message?: { role: string } };
      return event.type === "message_end" && event.message?.role === role ? [event.message] : [];
    });

  it("1.6.0: a tool switched on between runs is declared in a system message; the first one is not an event", async () => {
    const scenario = load("tool-on.json");
    const pi = await throughPi(scenario, "1.6.0");
    const system = messagesOf(pi, "system") as { toolsAdded?: { name: string }[]; sections?: object }[];
    expect(system).toHaveLength(1);
    expect(system[0].toolsAdded?.map((t) => t.name)).toEqual(["grep"]);
    expect(system[0].sections).toBeDefined();
    expect(messagesOf(await throughOurs(scenario, "0.73.1"), "system")).toEqual([]);
  });

  it("1.6.0 replies carry the requested thinking level and their time; 0.73.1's do not", async () => {
    const scenario = load("seed-prompts.json");
    const [current] = messagesOf(await throughOurs(scenario, "1.6.0"), "assistant");
    const [old] = messagesOf(await throughOurs(scenario, "0.73.1"), "assistant");
    expect(current).toMatchObject({ thinkingLevel: "off", durationMs: "number" });
    expect(old).not.toHaveProperty("thinkingLevel");
    expect(old).not.toHaveProperty("durationMs");
  });
});

describe("`PI_VERSION=1.6.0 npm run scenario`", () => {
  it("prints, line by line, the events pi 1.6.0's Agent gives for the same scenario", async () => {
    const file = "queue-race.json";
    const printed = execFileSync(
      join(root, "node_modules/.bin/tsx"),
      ["scripts/scenario.ts", join(folder, file)],
      {
        cwd: root,
        env: { ...process.env, PI_VERSION: "1.6.0" },
        encoding: "utf8",
      },
    );
    const lines = printed
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { seq?: number; ts?: number; type: string });
    expect(lines.at(-1)).toMatchObject({ pi: "1.6.0", status: "done" });
    const events = lines.slice(0, -1).filter((e) => isPiEvent(e as never));
    const ours = events.map(({ seq: _s, ts: _t, ...event }) => normalise(event));
    expect(ours).toEqual(await throughPi(load(file), "1.6.0"));
  }, 30_000);
});
