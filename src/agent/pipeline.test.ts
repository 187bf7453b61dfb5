import { VALIDATOR_1_6_0 } from "@core/validators";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { assistantMessage, streamMessage } from "./drivers/stream";
import type { SessionEventBody } from "./events";
import { runAgentLoop } from "./loop";
import { executeToolCalls } from "./pipeline";
import { truncatedCallText } from "./tool-results";

const tool = {
  name: "t",
  label: "t",
  description: "t",
  parameters: Type.Object({ n: Type.Number({ description: "n" }) }),
  prepareArguments: (a: unknown) => ({ n: (a as { m?: number }).m ?? (a as { n: number }).n }),
  async execute(_id: string, p: { n: number }) {
    return { content: [{ type: "text" as const, text: String(p.n) }], details: {} };
  },
};
const message = (args: Record<string, unknown>) =>
  assistantMessage([{ type: "toolCall", id: "c", name: "t", arguments: args }], "toolUse", "test");

async function run(args: Record<string, unknown>, config = {}) {
  const events: SessionEventBody[] = [];
  const batch = await executeToolCalls(
    { systemPrompt: "", messages: [], tools: [tool] },
    message(args),
    config,
    undefined,
    (e) => {
      events.push(JSON.parse(JSON.stringify(e)));
    },
  );
  return { events, batch };
}

describe("executeToolCalls stages", () => {
  it("reports prepare (changed), validate (coerced), executing and done", async () => {
    const { events } = await run({ m: "4" });
    expect(events.map((e) => e.type)).toEqual([
      "batch_start",
      "tool_execution_start",
      "call_prepared",
      "call_validated",
      "call_executing",
      "call_done",
      "tool_execution_end",
      "message_start",
      "message_end",
      "batch_end",
    ]);
    expect(events[2]).toMatchObject({ changed: true, args: { n: "4" } });
    expect(events[3]).toMatchObject({ coerced: true, args: { n: 4 } });
  });

  it("lets the after-hook override fields and terminate", async () => {
    const { events, batch } = await run(
      { n: 1 },
      { afterToolCall: async () => ({ isError: true, terminate: true }) },
    );
    expect(events.find((e) => e.type === "call_done")).toMatchObject({
      overridden: ["isError", "terminate"],
      isError: true,
    });
    expect(batch.terminate).toBe(true);
    expect(batch.messages[0].isError).toBe(true);
  });

  it("turns an after-hook throw into an error result", async () => {
    const { batch } = await run(
      { n: 1 },
      {
        afterToolCall: async () => {
          throw new Error("nope");
        },
      },
    );
    expect(batch.messages[0]).toMatchObject({ isError: true, content: [{ type: "text", text: "nope" }] });
  });

  it("validates as the configured version: 0.73.1 unless told, 1.6.0's texts when given its validator", async () => {
    const text = async (config = {}) =>
      ((await run({ n: "x" }, config)).batch.messages[0].content[0] as { text: string }).text;
    expect(await text()).toContain("  - n: must be number");
    expect(await text({ validator: VALIDATOR_1_6_0 })).toContain("  - n: expected number, got string");
  });

  it("a returned isError is an error under 1.6.0's loop and a success under 0.73.1's", async () => {
    const failing = {
      ...tool,
      async execute() {
        return { content: [{ type: "text" as const, text: "exit 1" }], details: {}, isError: true };
      },
    };
    const runWith = async (config: object) =>
      executeToolCalls(
        { systemPrompt: "", messages: [], tools: [failing] },
        message({ n: 1 }),
        config,
        undefined,
        () => {},
      );
    expect((await runWith({})).messages[0].isError).toBe(false);
    expect((await runWith({ returnedErrors: "ignore" })).messages[0].isError).toBe(false);
    expect((await runWith({ returnedErrors: "honour" })).messages[0].isError).toBe(true);
  });

  it("uses pi's default block reason", async () => {
    const { events } = await run({ n: 1 }, { beforeToolCall: async () => ({ block: true }) });
    expect(events.find((e) => e.type === "call_blocked")).toMatchObject({
      reason: "Tool execution was blocked",
    });
  });

  it("1.6.0 reports execute's whole milliseconds on the end event and the result; 0.73.1 does not", async () => {
    let now = 0;
    const slow = {
      ...tool,
      async execute() {
        now += 12.4;
        return { content: [{ type: "text" as const, text: "ok" }], details: {} };
      },
    };
    const runWith = async (config: object) => {
      const events: SessionEventBody[] = [];
      const batch = await executeToolCalls(
        { systemPrompt: "", messages: [], tools: [slow] },
        message({ n: 1 }),
        { clock: () => now, ...config },
        undefined,
        (e) => {
          events.push(e);
        },
      );
      return { end: events.find((e) => e.type === "tool_execution_end"), result: batch.messages[0] };
    };
    const current = await runWith({ reportDurations: true });
    expect(current.end).toMatchObject({ durationMs: 12 });
    expect(current.result.durationMs).toBe(12);
    const old = await runWith({});
    expect(old.end).not.toHaveProperty("durationMs");
    expect(old.result).not.toHaveProperty("durationMs");
    // A call that never ran has no duration, even in 1.6.0.
    const unknown = await executeToolCalls(
      { systemPrompt: "", messages: [], tools: [] },
      message({ n: 1 }),
      { reportDurations: true },
      undefined,
      () => {},
    );
    expect(unknown.messages[0]).not.toHaveProperty("durationMs");
  });
});

describe("a reply cut at the output limit", () => {
  const cut = assistantMessage(
    [
      { type: "toolCall", id: "a", name: "t", arguments: { n: 1 } },
      { type: "toolCall", id: "b", name: "t", arguments: { n: 2 } },
    ],
    "length",
    "test",
  );
  async function loopWith(config: object) {
    const replies = [cut, assistantMessage([{ type: "text", text: "done" }], "stop", "test")];
    const events: SessionEventBody[] = [];
    let ran = 0;
    const counting = {
      ...tool,
      async execute(id: string, p: { n: number }) {
        ran++;
        return tool.execute(id, p);
      },
    };
    await runAgentLoop(
      [{ role: "user", content: [{ type: "text", text: "go" }], timestamp: 0 }],
      { systemPrompt: "", messages: [], tools: [counting] },
      config,
      (e) => {
        events.push(e);
      },
      undefined,
      async () => streamMessage(replies.shift() as typeof cut),
    );
    const results = events.flatMap((e) =>
      e.type === "message_end" && e.message.role === "toolResult" ? [e.message] : [],
    );
    return { events, results, ran };
  }

  it("0.73.1 runs its calls", async () => {
    const { results, ran } = await loopWith({});
    expect(ran).toBe(2);
    expect(results.map((r) => r.isError)).toEqual([false, false]);
  });

  it("1.6.0 runs none: each gets pi's refusal, the stage says why, and the run goes on to the next reply", async () => {
    const { events, results, ran } = await loopWith({ truncatedCalls: "refuse" });
    expect(ran).toBe(0);
    expect(results.map((r) => [r.isError, (r.content[0] as { text: string }).text])).toEqual([
      [true, truncatedCallText("t")],
      [true, truncatedCallText("t")],
    ]);
    expect(truncatedCallText("t")).toBe(
      'Tool call "t" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
    );
    expect(events.filter((e) => e.type === "call_rejected").map((e) => e.stage)).toEqual([
      "output_limit",
      "output_limit",
    ]);
    expect(events.filter((e) => e.type === "turn_end")).toHaveLength(2);
  });
});
