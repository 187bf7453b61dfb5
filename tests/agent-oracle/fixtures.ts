/**
 * The same fake tools and scripted turns for pi-agent-core (0.73.1's and 1.6.0's: the oracles) and for
 * our loop run with each version's rules.
 * Timings are chosen so completion order differs from source order (slow first, fast second).
 */
import type { AnyAgentTool } from "@core/tools/types";
import { Type } from "typebox";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }], details: {} });

export function createFakeTools(): AnyAgentTool[] {
  return [
    {
      name: "wait",
      label: "wait",
      description: "Waits, then answers.",
      parameters: Type.Object({ ms: Type.Number({ description: "how long" }) }),
      async execute(id, params: { ms: number }, _signal, onUpdate) {
        onUpdate?.(text(`${id} waiting`));
        await sleep(params.ms);
        return text(`${id} waited ${params.ms}`);
      },
    },
    {
      name: "echo",
      label: "echo",
      description: "Echoes.",
      parameters: Type.Object({ text: Type.String({ description: "what" }) }),
      async execute(_id, params: { text: string }) {
        return text(params.text);
      },
    },
    {
      name: "one_by_one",
      label: "one_by_one",
      description: "A sequential tool.",
      executionMode: "sequential",
      parameters: Type.Object({ ms: Type.Number({ description: "how long" }) }),
      async execute(id, params: { ms: number }) {
        await sleep(params.ms);
        return text(`${id} done`);
      },
    },
    {
      name: "finish",
      label: "finish",
      description: "Asks the loop to stop.",
      parameters: Type.Object({}),
      async execute() {
        return { ...text("finished"), terminate: true };
      },
    },
    {
      name: "explode",
      label: "explode",
      description: "Throws.",
      parameters: Type.Object({}),
      async execute() {
        throw new Error("boom");
      },
    },
    {
      name: "soft_fail",
      label: "soft_fail",
      description: "Fails by returning isError, as 1.6.0's bash does on a non-zero exit.",
      parameters: Type.Object({}),
      async execute() {
        return { ...text("exit 3"), isError: true };
      },
    },
    {
      name: "guarded",
      label: "guarded",
      description: "Always blocked by the before-hook.",
      parameters: Type.Object({}),
      async execute() {
        return text("should not run");
      },
    },
  ];
}

/** The before-hook both loops get: blocks the guarded tool. */
export async function beforeToolCall(ctx: { toolCall: { name: string } }) {
  return ctx.toolCall.name === "guarded" ? { block: true, reason: "guarded is not allowed here" } : undefined;
}

type Block =
  | { type: "text"; text: string }
  | { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> };
export interface ScriptedReply {
  content: Block[];
  stopReason: "stop" | "toolUse" | "length" | "error";
}

const call = (id: string, name: string, args: Record<string, unknown> = {}): Block => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});
const say = (t: string): ScriptedReply => ({ content: [{ type: "text", text: t }], stopReason: "stop" });

/** Each run: a prompt and the replies its model requests take, in order. */
export const RUNS: Array<{ prompt: string; replies: ScriptedReply[] }> = [
  {
    prompt: "parallel batch: slow, fast, unknown tool, invalid arguments, blocked, throwing",
    replies: [
      {
        content: [
          // Far apart, so a loaded machine that pauses the process between the two starts keeps the order.
          call("p1", "wait", { ms: 250 }),
          call("p2", "wait", { ms: 5 }),
          call("p3", "nope"),
          call("p4", "echo", { text: { not: "a string" } }),
          call("p5", "guarded"),
          call("p6", "explode"),
          call("p7", "echo", { text: 42 }),
          call("p8", "soft_fail"),
        ],
        stopReason: "toolUse",
      },
      say("done"),
    ],
  },
  {
    prompt: "sequential batch (one sequential tool makes the whole batch sequential)",
    replies: [
      {
        content: [call("s1", "wait", { ms: 30 }), call("s2", "one_by_one", { ms: 1 }), call("s3", "nope")],
        stopReason: "toolUse",
      },
      say("done"),
    ],
  },
  {
    prompt: "terminate needs every result",
    replies: [
      { content: [call("t1", "finish"), call("t2", "echo", { text: "x" })], stopReason: "toolUse" },
      { content: [call("t3", "finish"), call("t4", "finish")], stopReason: "toolUse" },
    ],
  },
  {
    prompt: "an error stop skips the calls; length still runs them",
    replies: [{ content: [call("e1", "echo", { text: "never" })], stopReason: "error" }],
  },
  {
    prompt: "length: 0.73.1 runs the calls, 1.6.0 refuses them",
    replies: [
      { content: [call("l1", "echo", { text: "cut" }), call("l2", "wait", { ms: 1 })], stopReason: "length" },
      say("ok"),
    ],
  },
];

/** What the comparison looks at: event type plus the call id or message role. */
export function signature(event: {
  type: string;
  toolCallId?: string;
  message?: { role: string; stopReason?: string };
}): string {
  if (event.toolCallId) return `${event.type}:${event.toolCallId}`;
  if (event.message)
    return `${event.type}:${event.message.role}${event.message.stopReason ? `:${event.message.stopReason}` : ""}`;
  return event.type;
}
