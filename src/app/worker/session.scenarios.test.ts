/** Every shipped scenario, run headless from start to end, with the events it teaches asserted. */
import type { EventOf, SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";
import { runScenarioHeadless } from "./run-scenario";

const files = import.meta.glob("../../../public/scenarios/*.json", { eager: true, import: "default" });
const load = (name: string): unknown => structuredClone(files[`../../../public/scenarios/${name}`]);
const of = <T extends SessionEvent["type"]>(events: SessionEvent[], type: T) =>
  events.filter((e) => e.type === type) as EventOf<T>[];
const ends = (events: SessionEvent[]) => of(events, "tool_execution_end");

describe("shipped scenarios", () => {
  it("the index lists every scenario file", () => {
    const index = load("index.json") as { file: string }[];
    expect(index.map((s) => s.file).sort()).toEqual([
      "abort.json",
      "pi-versions.json",
      "queue-race.json",
      "seed-prompts.json",
      "small-window.json",
      "tool-on.json",
      "unknown-tool.json",
      "validation.json",
    ]);
  });

  it("the three first prompts: three runs, four calls, notes.md upper-cased", async () => {
    const { events, playground } = await runScenarioHeadless(load("seed-prompts.json"));
    expect(of(events, "agent_end")).toHaveLength(3);
    expect(ends(events).map((e) => [e.toolCallId, e.isError])).toEqual([
      ["c1", false],
      ["c2", false],
      ["c3", false],
      ["c4", false],
    ]);
    expect(playground.session.workspace.filesMap()["notes.md"]).toBe("HELLO WORLD\n");
    expect(playground.scenarios.player?.status).toBe("done");
  });

  it("queue race: the second edit waits (it queues before the first acquires) until the first releases", async () => {
    const { events, playground } = await runScenarioHeadless(load("queue-race.json"));
    const queue = events
      .filter((e) => e.type.startsWith("queue_"))
      .map((e) => `${e.type}:${(e as { toolCallId?: string }).toolCallId}`);
    expect(queue).toEqual([
      "queue_wait:e2",
      "queue_acquire:e1",
      "queue_release:e1",
      "queue_acquire:e2",
      "queue_release:e2",
    ]);
    expect(of(events, "batch_start")[0].mode).toBe("parallel");
    const todo = String(playground.session.workspace.filesMap()["src/todo.ts"]);
    expect(todo).toContain("appendTodo");
    expect(todo).toContain("flipTodo");
  });

  it('validation: limit "3" is coerced, the extra property is rejected with pi-ai\'s text', async () => {
    const { events } = await runScenarioHeadless(load("validation.json"));
    expect(of(events, "call_validated")[0]).toMatchObject({
      toolCallId: "v1",
      coerced: true,
      args: { limit: 3 },
    });
    const rejected = of(events, "call_rejected")[0];
    expect(rejected).toMatchObject({ toolCallId: "v2", stage: "validate" });
    expect(rejected.error).toMatch(/^Validation failed for tool "edit":\n {2}- /);
    expect(rejected.error).toContain("root: must not have additional properties");
  });

  it("unknown tool: inactive and miscased names are not found, the good call runs", async () => {
    const { events } = await runScenarioHeadless(load("unknown-tool.json"));
    expect(of(events, "call_rejected").map((e) => [e.stage, e.error])).toEqual([
      ["lookup", "Tool ls not found"],
      ["lookup", "Tool Read not found"],
    ]);
    expect(ends(events).find((e) => e.toolCallId === "u3")?.isError).toBe(false);
  });

  it("abort: the call ends as an error, one more request comes back aborted, the run ends", async () => {
    const { events } = await runScenarioHeadless(load("abort.json"));
    expect(of(events, "abort_requested")).toHaveLength(1);
    expect(ends(events)[0]).toMatchObject({ toolCallId: "b1", isError: true });
    const assistantEnds = of(events, "message_end").filter((e) => e.message.role === "assistant");
    expect(assistantEnds.map((e) => (e.message as { stopReason: string }).stopReason)).toEqual([
      "toolUse",
      "aborted",
    ]);
    expect(of(events, "driver_request").at(-1)).toMatchObject({ step: null, stopReason: "aborted" });
    expect(events.at(-1)?.type).toBe("scenario_state");
  });

  it("abort, stepped: waiting for Step does not count towards abortAfterMs, so the call itself is aborted", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    const player = playground.scenarios.load(load("abort.json"));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    player.step();
    await wait(400);
    player.step();
    await wait(400);
    // Far past the 150 ms, but the run has only waited for presses: nothing is aborted yet.
    expect(of(events, "abort_requested")).toHaveLength(0);
    player.step();
    await playground.idle();
    expect(of(events, "abort_requested")).toHaveLength(1);
    expect(ends(events)[0]).toMatchObject({ toolCallId: "b1", isError: true });
    expect(of(events, "scenario_step").map((e) => e.kind)).toEqual(["user", "assistant", "result"]);
  });

  it("loading a scenario while another is mid-pause stops it: nothing of the old run mixes in", async () => {
    const events: SessionEvent[] = [];
    // Every pause lasts until it is cut short: the first scenario is caught in one when the next loads.
    const playground = new Playground((e) => events.push(e), {
      sleep: (_ms, signal) =>
        new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve())),
    });
    playground.handle({ type: "init" });
    playground.scenarios.load(load("seed-prompts.json")).play(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(of(events, "scenario_step").map((e) => e.display)).toEqual([0]);
    const player = playground.scenarios.load(load("seed-prompts.json"));
    const from = events.length;
    player.play(0);
    await playground.idle();
    const after = events.slice(from);
    expect(of(after, "scenario_step").map((e) => e.display)).toEqual([...Array(14).keys()]);
    expect(player.status).toBe("done");
    expect(playground.session.transcript.filter((m) => m.role === "user")).toHaveLength(3);
  });

  it("tool on: grep is not found, then switched on with a prompt patch and a declaration", async () => {
    const { events, playground } = await runScenarioHeadless(load("tool-on.json"));
    expect(ends(events).map((e) => [e.toolCallId, e.isError])).toEqual([
      ["g1", true],
      ["g2", false],
    ]);
    const change = of(events, "tool_set_changed").find((e) => e.added.some((d) => d.name === "grep"));
    expect(change).toBeDefined();
    const patch = of(events, "prompt_sections_changed").find(
      (e) => e.reason === "tools" && "tools" in e.patch,
    );
    expect(Object.keys(patch?.patch ?? {})).toEqual(["tools", "rules"]);
    const systems = playground.session.transcript.filter((m) => m.role === "system") as {
      toolsAdded?: { name: string }[];
      sections?: object;
    }[];
    expect(systems).toHaveLength(2);
    expect(systems[1].toolsAdded?.map((t) => t.name)).toEqual(["grep"]);
    expect(Object.keys(systems[1].sections ?? {})).toEqual(["tools", "rules"]);
  });
});
