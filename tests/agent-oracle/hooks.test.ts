/**
 * The hooks' results, through pi-agent-core's own loop (0.73.1's and 1.6.0's) and through ours with that
 * version's rules. A tool returns content, details, structuredContent and usage; the after-hook replaces
 * some of it. 0.73.1 rebuilds the result from content, details and terminate; 1.6.0 keeps the rest,
 * takes structuredContent and usage, and drops structuredContent when the content alone is replaced. A
 * blocked call that asks to terminate ends the run only under 1.6.0. Same tool_execution_end results,
 * same toolResult messages.
 */
import { assistantMessage, streamMessage } from "@agent/drivers/stream";
import type { SessionEventBody } from "@agent/events";
import { isPiEvent } from "@agent/events.test-support";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { AfterToolCallResult, BeforeToolCallResult } from "@agent/types";
import type { AnyAgentTool } from "@core/tools/types";
import type { PiVersionId } from "@core/versions/ids";
import { piVersionProfile } from "@core/versions/profile";
import { runAgentLoop as loop16 } from "@earendil-works/pi-agent-core";
import { createAssistantMessageEventStream as stream16 } from "@earendil-works/pi-ai";
import { runAgentLoop as loop073 } from "@mariozechner/pi-agent-core";
import { createAssistantMessageEventStream as stream073 } from "@mariozechner/pi-ai";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";

const ORACLES = {
  "0.73.1": { loop: loop073, createStream: stream073 },
  "1.6.0": { loop: loop16, createStream: stream16 },
} as const;

const USAGE = {
  input: 3,
  output: 4,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 7,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

const tools = (): AnyAgentTool[] => [
  {
    name: "rich",
    label: "rich",
    description: "Answers with every part a result can have.",
    parameters: Type.Object({}),
    async execute() {
      return {
        content: [{ type: "text", text: "original" }],
        details: { from: "tool" },
        structuredContent: { n: 1 },
        usage: USAGE,
      };
    },
  },
];

const HOOKS: Record<string, { after?: AfterToolCallResult; before?: BeforeToolCallResult }> = {
  "details only": { after: { details: { from: "hook" } } },
  "content only": { after: { content: [{ type: "text", text: "replaced" }] } },
  "content with structuredContent": {
    after: { content: [{ type: "text", text: "replaced" }], structuredContent: { n: 2 } },
  },
  "usage and isError": { after: { usage: { ...USAGE, input: 9 }, isError: true } },
  "blocked, asking to terminate": { before: { block: true, reason: "not now", terminate: true } },
};

const prompt: AgentMessage = { role: "user", content: [{ type: "text", text: "go" }], timestamp: 0 };

function replies() {
  let turn = 0;
  return () =>
    turn++ === 0
      ? assistantMessage([{ type: "toolCall", id: "r", name: "rich", arguments: {} }], "toolUse", "stub")
      : assistantMessage([{ type: "text", text: "done" }], "stop", "stub");
}

/** What the run showed of the call: its end event, its result message, and how many turns ran. */
function recorder() {
  const seen: { end?: unknown; message?: unknown; turns: number } = { turns: 0 };
  const emit = (e: unknown) => {
    const event = JSON.parse(JSON.stringify(e));
    if (event.type === "tool_execution_end") {
      delete event.durationMs;
      seen.end = event;
    }
    if (event.type === "message_end" && event.message.role === "toolResult") {
      const { timestamp: _t, durationMs: _d, ...message } = event.message;
      seen.message = message;
    }
    if (event.type === "turn_start") seen.turns++;
  };
  return { seen, emit };
}

async function throughPi(version: PiVersionId, hooks: (typeof HOOKS)[string]) {
  const { loop, createStream } = ORACLES[version];
  const next = replies();
  const { seen, emit } = recorder();
  await loop(
    [prompt] as never,
    { systemPrompt: "test", messages: [], tools: tools() as never },
    {
      model: { api: "stub", provider: "stub", id: "stub" },
      convertToLlm: (m: unknown) => m,
      afterToolCall: async () => hooks.after,
      beforeToolCall: async () => hooks.before,
    } as never,
    emit,
    undefined,
    (() => {
      const stream = createStream();
      (async () => {
        for await (const e of streamMessage(next())) stream.push(e as never);
        stream.end();
      })();
      return stream;
    }) as never,
  );
  return seen;
}

async function throughOurs(version: PiVersionId, hooks: (typeof HOOKS)[string]) {
  const { validator, loop } = piVersionProfile(version);
  const next = replies();
  const { seen, emit } = recorder();
  await runAgentLoop(
    [prompt],
    { systemPrompt: "test", messages: [], tools: tools() },
    {
      validator,
      ...loop,
      afterToolCall: async () => hooks.after,
      beforeToolCall: async () => hooks.before,
    },
    (e: SessionEventBody) => {
      if (isPiEvent(e)) emit(e);
    },
    undefined,
    async () => streamMessage(next()),
  );
  return seen;
}

describe.each(["0.73.1", "1.6.0"] as const)("the hooks' results, against pi-agent-core %s", (version) => {
  it.each(Object.keys(HOOKS))("%s", async (name) => {
    const hooks = HOOKS[name] as (typeof HOOKS)[string];
    const [pi, ours] = [await throughPi(version, hooks), await throughOurs(version, hooks)];
    expect(pi.end).toBeDefined();
    expect(ours).toEqual(pi);
  });
});

describe("what the hooks teach", () => {
  it("1.6.0 keeps structuredContent unless the content alone is replaced; a blocked call may end the run", async () => {
    const details = await throughOurs("1.6.0", HOOKS["details only"] as never);
    expect((details.end as { result: { structuredContent?: unknown } }).result.structuredContent).toEqual({
      n: 1,
    });
    const content = await throughOurs("1.6.0", HOOKS["content only"] as never);
    expect((content.end as { result: object }).result).not.toHaveProperty("structuredContent");
    const blocked = HOOKS["blocked, asking to terminate"] as never;
    expect((await throughOurs("1.6.0", blocked)).turns).toBe(1);
    expect((await throughOurs("0.73.1", blocked)).turns).toBe(2);
  });
});
