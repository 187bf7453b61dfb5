import type { AgentToolResult, ToolContext } from "@core/tools/types";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { assistantMessage } from "./drivers/stream";
import type { SessionEventBody } from "./events";
import { executeToolCalls } from "./pipeline";
import type { LoopConfig } from "./types";

const text = (t: string): AgentToolResult => ({ content: [{ type: "text", text: t }], details: {} });
const textOf = (r: Pick<AgentToolResult, "content">) =>
  r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
/** The model's call's answer, which the caller tool wrote as JSON. */
const answerOf = (batch: { messages: { content: AgentToolResult["content"] }[] }) =>
  JSON.parse(textOf(batch.messages[0] ?? { content: [] }));

const echo = {
  name: "echo",
  label: "echo",
  description: "echo",
  parameters: Type.Object({ say: Type.String() }),
  async execute(_id: string, p: { say: string }, _s?: AbortSignal, onUpdate?: (r: AgentToolResult) => void) {
    onUpdate?.(text(`saying ${p.say}`));
    return text(p.say);
  },
};

/** Calls echo, a tool that is not there, and itself once more (a nested call nesting again). */
const caller = {
  name: "caller",
  label: "caller",
  description: "caller",
  parameters: Type.Object({ depth: Type.Number() }),
  async execute(
    _id: string,
    p: { depth: number },
    signal?: AbortSignal,
    _u?: unknown,
    ctx?: ToolContext,
  ): Promise<AgentToolResult> {
    if (!ctx?.executeTool) return text("no executeTool");
    const updates: string[] = [];
    const a = await ctx.executeTool(
      "echo",
      { say: `hi ${p.depth}` },
      { onUpdate: (r) => updates.push(textOf(r)), ...(signal ? { signal } : {}) },
    );
    const b = await ctx.executeTool("nope", {});
    const deeper = p.depth > 0 ? await ctx.executeTool("caller", { depth: p.depth - 1 }) : undefined;
    return text(
      JSON.stringify({
        a: [a.toolCall.id, textOf(a.result), a.isError, typeof a.durationMs],
        b: [b.toolCall.id, textOf(b.result), b.isError, "durationMs" in b],
        deeper: deeper && [deeper.toolCall.id, textOf(deeper.result)],
        updates,
        tools: ctx.tools,
      }),
    );
  },
};

async function run(config: LoopConfig, depth = 1) {
  const events: SessionEventBody[] = [];
  const batch = await executeToolCalls(
    { systemPrompt: "", messages: [], tools: [echo, caller] },
    assistantMessage([{ type: "toolCall", id: "c", name: "caller", arguments: { depth } }], "toolUse", "m"),
    config,
    undefined,
    (e) => void events.push(JSON.parse(JSON.stringify(e))),
  );
  return { events, batch };
}

describe("nested tool calls (pi 1.6.0's ctx.executeTool)", () => {
  it("run through the pipeline with ids <parent>/<n>, their own events and no result message", async () => {
    const { events, batch } = await run({ nestedCalls: true, reportDurations: true });
    const answer = answerOf(batch);
    expect(answer.a).toEqual(["c/1", "hi 1", false, "number"]);
    expect(answer.b).toEqual(["c/2", "Tool nope not found", true, false]);
    expect(answer.deeper).toEqual(["c/3", expect.stringContaining('"a":["c/3/1","hi 0"')]);
    expect(answer.updates).toEqual(["saying hi 1"]);
    expect(answer.tools).toEqual(["echo", "caller"]);
    const starts = events.filter((e) => e.type === "tool_execution_start");
    expect(starts.map((e) => [e.toolCallId, e.parentToolCallId])).toEqual([
      ["c", undefined],
      ["c/1", "c"],
      ["c/2", "c"],
      ["c/3", "c"],
      ["c/3/1", "c/3"],
      ["c/3/2", "c/3"],
    ]);
    const update = events.find((e) => e.type === "tool_execution_update" && e.toolCallId === "c/1");
    expect(update).toMatchObject({ parentToolCallId: "c", partialResult: text("saying hi 1") });
    const ends = events.filter((e) => e.type === "tool_execution_end");
    expect(ends.map((e) => e.toolCallId)).toEqual(["c/1", "c/2", "c/3/1", "c/3/2", "c/3", "c"]);
    expect(ends.find((e) => e.toolCallId === "c/2")).toMatchObject({ isError: true, parentToolCallId: "c" });
    // Only the model's own call has a toolResult message.
    expect(batch.messages.map((m) => m.toolCallId)).toEqual(["c"]);
  });

  it("are not there under 0.73.1's loop", async () => {
    const { batch } = await run({});
    expect(batch.messages[0]?.content).toEqual([{ type: "text", text: "no executeTool" }]);
  });

  it("go through the hooks: a blocked nested call comes back as an error", async () => {
    const { batch } = await run(
      {
        nestedCalls: true,
        beforeToolCall: async ({ toolCall }) =>
          toolCall.name === "echo" ? { block: true, reason: "no echo" } : undefined,
      },
      0,
    );
    const answer = answerOf(batch);
    expect(answer.a).toEqual(["c/1", "no echo", true, "undefined"]);
  });
});
