import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { createScriptedDriver } from "./drivers/scripted";
import { createEventEmitter, type SessionEvent } from "./events";
import { runAgentLoop } from "./loop";
import { CALL_PAUSE_MS, MESSAGE_PAUSE_MS, PACE_SLICE_MS, pauseMs, RESULT_PAUSE_MS } from "./pace";
import { ScenarioPlayer } from "./player";
import { parseScenario, type ScenarioStep } from "./scenario";

const tool = {
  name: "t",
  label: "t",
  description: "t",
  parameters: Type.Object({ n: Type.Number({ description: "n" }) }),
  async execute(_id: string, p: { n: number }) {
    return { content: [{ type: "text" as const, text: String(p.n) }], details: {} };
  },
};
const call = (id: string) => ({ type: "toolCall", id, name: "t", arguments: { n: 1 } });
const text = (t: string) => ({ type: "text", text: t });

/** Two runs: the first's reply asks for two calls (two results), then answers; the second answers. */
const STEPS = [
  { user: "one" },
  { assistant: { content: [call("c1"), call("c2")] } },
  { assistant: { content: [text("done")] } },
  { user: "two" },
  { assistant: { content: [text("ok")] } },
];

/** A player over the real loop and scripted driver, as the session wires them; sleeps are recorded. */
function setup(steps: unknown[] = STEPS, options: { pauseAfterCall?: boolean; now?: () => number } = {}) {
  const events: SessionEvent[] = [];
  const emit = createEventEmitter((e) => events.push(e));
  const slept: number[] = [];
  let paced = 0;
  const player: ScenarioPlayer = new ScenarioPlayer(
    parseScenario({ steps }),
    {
      emit,
      sleep: async (ms) => {
        slept.push(ms);
      },
      pace: async () => {
        paced++;
      },
      ...(options.now ? { now: options.now } : {}),
      applyTools: () => {},
      runUser: async (step) => {
        const user = {
          role: "user" as const,
          content: [{ type: "text" as const, text: step.user }],
          timestamp: 0,
        };
        const listen = async (e: Parameters<typeof emit>[0]) => {
          await player.beforeLoopEvent(e);
          emit(e);
          await player.afterLoopEvent(e);
        };
        const context = { systemPrompt: "", messages: [], tools: [tool] };
        await runAgentLoop([user], context, {}, listen, undefined, createScriptedDriver(player));
      },
    },
    1,
    options.pauseAfterCall ?? false,
  );
  const shown = () =>
    events.flatMap((e) =>
      e.type === "scenario_step" ? [`${e.display}:${e.kind}${e.toolCallId ?? ""}`] : [],
    );
  return { player, events, slept, shown, paced: () => paced };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe("pauseMs: the pace arithmetic", () => {
  it("pauses longer after a result than after a message, and longer after a message than before a call", () => {
    expect(pauseMs("result", 1)).toBe(RESULT_PAUSE_MS);
    expect(pauseMs("message", 1)).toBe(MESSAGE_PAUSE_MS);
    expect(pauseMs("call", 1)).toBe(CALL_PAUSE_MS);
    expect(RESULT_PAUSE_MS).toBeGreaterThan(MESSAGE_PAUSE_MS);
    expect(MESSAGE_PAUSE_MS).toBeGreaterThan(CALL_PAUSE_MS);
  });

  it("divides by the speed; no pauses at speed 0 or with nothing shown yet; delayMs overrides", () => {
    expect(pauseMs("message", 0.5)).toBe(2 * MESSAGE_PAUSE_MS);
    expect(pauseMs("result", 4)).toBe(RESULT_PAUSE_MS / 4);
    expect(pauseMs("result", 0)).toBe(0);
    expect(pauseMs(null, 1)).toBe(0);
    expect(pauseMs("message", 2, 3000)).toBe(1500);
    expect(pauseMs("message", 0, 3000)).toBe(0);
  });
});

describe("ScenarioPlayer: steps", () => {
  it("lists the file's steps with one step per call result", () => {
    const { player } = setup();
    expect(player.steps.map((s) => s.kind)).toEqual([
      "user",
      "assistant",
      "result",
      "result",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(player.steps[3]).toMatchObject({ file: 1, toolCallId: "c2" });
  });

  it("each Step shows exactly one more step, at once, and the state says which", async () => {
    const { player, events, slept, shown } = setup();
    const currents: number[] = [];
    for (let press = 1; press <= 7; press++) {
      player.step();
      await settle();
      currents.push(player.current);
      const state = events.filter((e) => e.type === "scenario_state").at(-1);
      expect(state).toMatchObject({ current: press - 1 });
    }
    expect(currents).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(shown()).toEqual([
      "0:user",
      "1:assistant",
      "2:resultc1",
      "3:resultc2",
      "4:assistant",
      "5:user",
      "6:assistant",
    ]);
    await player.whenIdle();
    expect(player.status).toBe("done");
    expect(slept).toEqual([]);
  });

  it("the calls run, and their first result shows, on the press after the reply that asks for them", async () => {
    const { player, events } = setup();
    player.step();
    await settle();
    player.step();
    await settle();
    expect(events.some((e) => e.type === "tool_execution_start")).toBe(false);
    player.step();
    await settle();
    expect(events.filter((e) => e.type === "tool_execution_end")).toHaveLength(2);
    expect(events.filter((e) => e.type === "message_end" && e.message.role === "toolResult")).toHaveLength(1);
  });
});

describe("ScenarioPlayer: pace", () => {
  const atOne = [
    MESSAGE_PAUSE_MS, // the prompt, before the reply
    CALL_PAUSE_MS, // the reply that asks for calls, before they run (and the first result)
    RESULT_PAUSE_MS, // the first result, before the second
    RESULT_PAUSE_MS, // the second result, before the answer
    MESSAGE_PAUSE_MS, // the answer, before the next prompt
    MESSAGE_PAUSE_MS, // the prompt, before its answer
  ];

  it("waits after each message and result, scaled by the speed", async () => {
    for (const speed of [1, 0.5, 4]) {
      const { player, slept, shown } = setup();
      player.play(speed);
      await player.whenIdle();
      expect(player.status).toBe("done");
      expect(shown()).toHaveLength(7);
      expect(slept).toEqual(atOne.map((ms) => ms / speed));
    }
  });

  it("with no pauses sleeps never, and waits for the page once per slice of work", async () => {
    // Steps that take no time: one wait, before the first, lets the whole scenario through.
    const quick = setup(STEPS, { now: () => 0 });
    quick.player.play(0);
    await quick.player.whenIdle();
    expect(quick.slept).toEqual([]);
    expect(quick.paced()).toBe(1);
    // Each step a slice long: a wait before every one of the 7 steps.
    let clock = 0;
    const slow = setup(STEPS, { now: () => (clock += PACE_SLICE_MS) });
    slow.player.play(0);
    await slow.player.whenIdle();
    expect(slow.slept).toEqual([]);
    expect(slow.paced()).toBe(7);
  });

  it("at a speed with pauses, and on Step, waits for the page before every step", async () => {
    const { player, paced } = setup(STEPS, { now: () => 0 });
    player.play(4);
    await player.whenIdle();
    expect(paced()).toBe(7);
  });

  it("a step's delayMs replaces the pause before it", async () => {
    const steps: ScenarioStep[] = [
      { user: "a" },
      { assistant: { content: [], stopReason: "stop" }, delayMs: 3000 },
    ];
    const { player, slept } = setup(steps);
    player.play(2);
    await player.whenIdle();
    expect(slept).toEqual([1500]);
  });

  it("pause after each call stops after every result until Play or Step", async () => {
    const { player, shown } = setup(STEPS, { pauseAfterCall: true });
    player.play(1);
    await settle();
    expect(player.status).toBe("paused");
    expect(player.current).toBe(2);
    player.play();
    await settle();
    expect(player.current).toBe(3);
    player.step();
    await settle();
    expect(player.current).toBe(4);
    expect(player.status).toBe("paused");
    player.play();
    await player.whenIdle();
    expect(player.status).toBe("done");
    expect(shown()).toHaveLength(7);
  });
});

describe("ScenarioPlayer.workFor (abortAfterMs)", () => {
  it("does not count the time spent waiting for a press", async () => {
    const player: ScenarioPlayer = new ScenarioPlayer(parseScenario({ steps: STEPS }), {
      emit: () => ({}) as never,
      applyTools: () => {},
      runUser: async () => {
        await player.takeAssistant(undefined);
      },
    });
    player.step();
    await settle();
    // The run waits for the next press; the clock of its work stands still meanwhile.
    let done = false;
    void player.workFor(30).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 120));
    expect(done).toBe(false);
    player.step();
    await new Promise((r) => setTimeout(r, 120));
    expect(done).toBe(true);
  });
});
