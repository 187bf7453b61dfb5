import { VALIDATOR_1_6_0 } from "@core/validators";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { assistantMessage } from "./drivers/stream";
import type { SessionEventBody } from "./events";
import { executeToolCalls } from "./pipeline";

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
});
