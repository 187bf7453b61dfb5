/**
 * The order test: the same scripted turns through pi-agent-core 0.73.1's Agent (with a stub stream
 * function) and through our loop must give the same sequence of event types and tool-call ids, and the
 * same tool results.
 */

import { assistantMessage, streamMessage } from "@agent/drivers/stream";
import type { SessionEventBody } from "@agent/events";
import { isPiEvent } from "@agent/events.test-support";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { Driver } from "@agent/types";
import { Agent } from "@mariozechner/pi-agent-core";
import { createAssistantMessageEventStream } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";
import { beforeToolCall, createFakeTools, RUNS, type ScriptedReply, signature } from "./fixtures";

function replyQueue() {
  const queue: ScriptedReply[] = [];
  return {
    load(replies: ScriptedReply[]) {
      queue.push(...replies);
    },
    next(): ScriptedReply {
      const reply = queue.shift();
      if (!reply) throw new Error("no scripted reply left");
      return reply;
    },
    left: () => queue.length,
  };
}

function message(reply: ScriptedReply) {
  return assistantMessage(structuredClone(reply.content), reply.stopReason, "stub");
}

interface Seen {
  signature: string;
  event: { type: string; result?: unknown; isError?: boolean };
}

async function throughPi(): Promise<Seen[]> {
  const replies = replyQueue();
  const agent = new Agent({
    initialState: { systemPrompt: "test", tools: createFakeTools() as never },
    beforeToolCall: (ctx) => beforeToolCall(ctx),
    streamFn: () => {
      const stream = createAssistantMessageEventStream();
      (async () => {
        for await (const e of streamMessage(message(replies.next()))) stream.push(e as never);
        stream.end();
      })();
      return stream;
    },
  });
  const seen: Seen[] = [];
  agent.subscribe((e) => {
    const event = JSON.parse(JSON.stringify(e));
    seen.push({ signature: signature(event), event });
  });
  for (const run of RUNS) {
    replies.load(run.replies);
    await agent.prompt(run.prompt);
    expect(replies.left()).toBe(0);
  }
  return seen;
}

async function throughOurs(): Promise<Seen[]> {
  const replies = replyQueue();
  const driver: Driver = async () => streamMessage(message(replies.next()));
  const seen: Seen[] = [];
  const emit = (e: SessionEventBody) => {
    if (!isPiEvent(e)) return;
    const event = JSON.parse(JSON.stringify(e));
    seen.push({ signature: signature(event), event });
  };
  let messages: AgentMessage[] = [];
  const tools = createFakeTools();
  for (const run of RUNS) {
    replies.load(run.replies);
    const prompt: AgentMessage = {
      role: "user",
      content: [{ type: "text", text: run.prompt }],
      timestamp: 0,
    };
    const added = await runAgentLoop(
      [prompt],
      { systemPrompt: "test", messages, tools },
      { beforeToolCall: (ctx) => beforeToolCall(ctx) },
      emit,
      undefined,
      driver,
    );
    messages = [...messages, ...added];
    expect(replies.left()).toBe(0);
  }
  return seen;
}

describe("event order against pi-agent-core 0.73.1", () => {
  it("gives the same event types and tool-call ids, in the same order", async () => {
    const [pi, ours] = [await throughPi(), await throughOurs()];
    expect(pi.length).toBeGreaterThan(50);
    expect(ours.map((s) => s.signature)).toEqual(pi.map((s) => s.signature));
  });

  it("gives the same results and error flags for every call", async () => {
    const ends = (seen: Seen[]) =>
      seen
        .filter((s) => s.event.type === "tool_execution_end")
        .map((s) => [s.signature, s.event.result, s.event.isError]);
    const [pi, ours] = [await throughPi(), await throughOurs()];
    expect(ends(ours)).toEqual(ends(pi));
  });

  it("shows what the order teaches: ends in completion order, results in source order", async () => {
    const ours = (await throughOurs()).map((s) => s.signature);
    const firstRun = ours.slice(0, ours.indexOf("agent_end"));
    const ends = firstRun.filter((s) => s.startsWith("tool_execution_end"));
    // immediate failures end during preparation (source order); then executions as they finish:
    // the throw and the echo at once, the 5 ms wait, the 40 ms wait.
    expect(ends).toEqual(["p3", "p4", "p5", "p6", "p7", "p2", "p1"].map((id) => `tool_execution_end:${id}`));
    const results = firstRun.filter((s) => s === "message_end:toolResult");
    expect(results).toHaveLength(7);
  });
});
