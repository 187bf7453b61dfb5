/**
 * The order test: the same scripted turns through pi-agent-core's Agent (with a stub stream function) and
 * through our loop with that version's rules must give the same sequence of event types and tool-call
 * ids, and the same tool results. Twice: 0.73.1's Agent against the 0.73.1 profile, 1.6.0's against 1.6.0's.
 */

import { assistantMessage, streamMessage } from "@agent/drivers/stream";
import type { SessionEventBody } from "@agent/events";
import { isPiEvent } from "@agent/events.test-support";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { Driver } from "@agent/types";
import type { PiVersionId } from "@core/versions/ids";
import { piVersionProfile } from "@core/versions/profile";
import { Agent as Agent16 } from "@earendil-works/pi-agent-core";
import { createAssistantMessageEventStream as stream16 } from "@earendil-works/pi-ai";
import { Agent as Agent073 } from "@mariozechner/pi-agent-core";
import { createAssistantMessageEventStream as stream073 } from "@mariozechner/pi-ai";
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
  event: { type: string; result?: unknown; isError?: boolean; durationMs?: number };
}

/** Each version's Agent and stream class; both take the same options for what this test sets. */
const ORACLES = {
  "0.73.1": { Agent: Agent073, createStream: stream073 },
  "1.6.0": { Agent: Agent16, createStream: stream16 },
} as const;

async function throughPi(version: PiVersionId): Promise<Seen[]> {
  const { Agent, createStream } = ORACLES[version];
  const replies = replyQueue();
  const agent = new Agent({
    initialState: { systemPrompt: "test", tools: createFakeTools() as never },
    beforeToolCall: (ctx: { toolCall: { name: string } }) => beforeToolCall(ctx),
    streamFn: () => {
      const stream = createStream();
      (async () => {
        for await (const e of streamMessage(message(replies.next()))) stream.push(e as never);
        stream.end();
      })();
      return stream as never;
    },
  });
  const seen: Seen[] = [];
  agent.subscribe((e: unknown) => {
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

async function throughOurs(version: PiVersionId): Promise<Seen[]> {
  const { validator, loop } = piVersionProfile(version);
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
      { beforeToolCall: (ctx) => beforeToolCall(ctx), validator, ...loop },
      emit,
      undefined,
      driver,
    );
    messages = [...messages, ...added];
    expect(replies.left()).toBe(0);
  }
  return seen;
}

/** Each call's end: its id, result, error flag, and whether it says how long it ran (the times differ). */
const ends = (seen: Seen[]) =>
  seen
    .filter((s) => s.event.type === "tool_execution_end")
    .map((s) => [s.signature, s.event.result, s.event.isError, typeof s.event.durationMs]);

describe.each(["0.73.1", "1.6.0"] as const)("event order against pi-agent-core %s", (version) => {
  it("gives the same event types and tool-call ids, in the same order", async () => {
    const [pi, ours] = [await throughPi(version), await throughOurs(version)];
    expect(pi.length).toBeGreaterThan(50);
    expect(ours.map((s) => s.signature)).toEqual(pi.map((s) => s.signature));
  });

  it("gives the same results, error flags and durations for every call", async () => {
    const [pi, ours] = [await throughPi(version), await throughOurs(version)];
    expect(ends(ours)).toEqual(ends(pi));
  });
});

describe("what the order teaches", () => {
  it("ends in completion order, results in source order", async () => {
    const ours = (await throughOurs("0.73.1")).map((s) => s.signature);
    const firstRun = ours.slice(0, ours.indexOf("agent_end"));
    const ends = firstRun.filter((s) => s.startsWith("tool_execution_end"));
    // immediate failures end during preparation (source order); then executions as they finish:
    // the throw, the echo and the soft failure at once, the 5 ms wait, the 250 ms wait.
    expect(ends).toEqual(
      ["p3", "p4", "p5", "p6", "p7", "p8", "p2", "p1"].map((id) => `tool_execution_end:${id}`),
    );
    const results = firstRun.filter((s) => s === "message_end:toolResult");
    expect(results).toHaveLength(8);
  });

  it("the versions differ where pi changed: a returned isError, and the calls of a reply cut at the limit", async () => {
    const end = (seen: Seen[], id: string) =>
      seen.find((s) => s.signature === `tool_execution_end:${id}`)?.event;
    const [old, current] = [await throughOurs("0.73.1"), await throughOurs("1.6.0")];
    expect(end(old, "p8")?.isError).toBe(false);
    expect(end(current, "p8")?.isError).toBe(true);
    expect(end(old, "l1")?.isError).toBe(false);
    expect(end(current, "l1")).toMatchObject({ isError: true });
    expect(JSON.stringify(end(current, "l1")?.result)).toContain("hit the output token limit");
  });
});
