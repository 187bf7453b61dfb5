import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
// The oracle: pi's own compaction module from the exact release the playground follows (a devDependency; the
// package's exports do not name this file, so it is imported by path).
import {
  estimateContextTokens,
  estimateTokens,
  findCutPoint,
} from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/compaction/compaction.js";
import {
  contextTotal,
  EMPTY_CONTEXT_WINDOW,
  entryOf,
  estimateMessageTokens,
  findCut,
  reduceContextWindow,
} from "./context-window";

type PiMessage = Parameters<typeof estimateTokens>[0];
type PiEntries = Parameters<typeof findCutPoint>[0];

/** A small deterministic generator, so a failure names the seed that made it. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const usage = (input: number, output: number) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});

function text(r: () => number, max: number): string {
  const n = Math.floor(r() * max);
  return "abcdé 漢字\n".repeat(Math.ceil(n / 10)).slice(0, n);
}

/** A conversation of turns: a user message, then assistant messages with calls and their results. */
function conversation(seed: number, scripted: boolean): AgentMessage[] {
  const r = rng(seed);
  const out: AgentMessage[] = [];
  let id = 0;
  const turns = 1 + Math.floor(r() * 8);
  for (let t = 0; t < turns; t++) {
    out.push(
      r() < 0.5
        ? { role: "user", content: text(r, 4_000), timestamp: 0 }
        : {
            role: "user",
            content: [
              { type: "text", text: text(r, 2_000) },
              { type: "image", data: "AAAA", mimeType: "image/png" },
            ],
            timestamp: 0,
          },
    );
    const steps = Math.floor(r() * 4);
    for (let s = 0; s <= steps; s++) {
      const last = s === steps;
      const calls = last ? 0 : 1 + Math.floor(r() * 3);
      const content: Extract<AgentMessage, { role: "assistant" }>["content"] = [];
      if (r() < 0.4) content.push({ type: "thinking", thinking: text(r, 3_000) });
      if (r() < 0.7 || last) content.push({ type: "text", text: text(r, 2_000) });
      const ids: string[] = [];
      for (let c = 0; c < calls; c++) {
        ids.push(`c${++id}`);
        content.push({
          type: "toolCall",
          id: `c${id}`,
          name: "read",
          arguments: { path: text(r, 80), limit: c },
        });
      }
      const u = scripted ? usage(0, 0) : usage(Math.floor(r() * 50_000), Math.floor(r() * 2_000));
      out.push({
        role: "assistant",
        content,
        api: "openai-completions",
        provider: "p",
        model: "m",
        usage: u,
        stopReason: calls ? "toolUse" : "stop",
        timestamp: 0,
      });
      for (const callId of ids) {
        const big = r() < 0.2;
        out.push({
          role: "toolResult",
          toolCallId: callId,
          toolName: "read",
          content: [{ type: "text", text: text(r, big ? 60_000 : 3_000) }],
          isError: false,
          timestamp: 0,
        });
      }
    }
  }
  return out;
}

const asPi = (m: AgentMessage) => m as unknown as PiMessage;
const entriesOf = (ms: AgentMessage[]) =>
  ms.map((message, i) => ({
    type: "message",
    id: `e${i}`,
    parentId: null,
    timestamp: "",
    message,
  })) as unknown as PiEntries;

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

describe("context window: counts against pi 0.73.1's own functions", () => {
  it("estimates every message as pi's estimateTokens does", () => {
    for (const seed of SEEDS) {
      for (const m of conversation(seed, seed % 2 === 0)) {
        expect(estimateMessageTokens(m), `seed ${seed}`).toBe(estimateTokens(asPi(m)));
      }
    }
  });

  it("totals a conversation as pi's estimateContextTokens does (last usage plus estimates after it)", () => {
    for (const seed of SEEDS) {
      const ms = conversation(seed, false);
      // end some conversations on tool results, so there are estimates after the last usage
      const entries = ms.map(entryOf);
      const mine = contextTotal(entries);
      const pi = estimateContextTokens(ms.map(asPi));
      expect(mine.tokens, `seed ${seed}`).toBe(pi.tokens);
      expect(mine.usageTokens).toBe(pi.usageTokens);
      expect(mine.estimatedTokens).toBe(pi.trailingTokens);
      expect(mine.lastUsageIndex).toBe(pi.lastUsageIndex);
    }
  });

  it("totals a scripted conversation (zero usage) from estimates alone, plus the system prompt", () => {
    const ms = conversation(7, true);
    const sum = ms.reduce((s, m) => s + estimateTokens(asPi(m)), 0);
    expect(contextTotal(ms.map(entryOf), 900)).toEqual({
      tokens: sum + 900,
      usageTokens: 0,
      estimatedTokens: sum + 900,
      lastUsageIndex: null,
    });
  });

  it("picks the cut point pi's findCutPoint picks, for many budgets", () => {
    let split = 0;
    let cutInside = 0;
    for (const seed of SEEDS) {
      const ms = conversation(seed, seed % 3 === 0);
      const total = ms.reduce((s, m) => s + estimateMessageTokens(m), 0);
      for (const keep of [
        1,
        500,
        2_000,
        8_000,
        20_000,
        Math.max(1, Math.floor(total / 2)),
        total,
        total + 1,
      ]) {
        const pi = findCutPoint(entriesOf(ms), 0, ms.length, keep);
        const mine = findCut(ms, keep);
        expect(mine, `seed ${seed} keep ${keep}`).toEqual({
          firstKept: pi.firstKeptEntryIndex,
          turnStart: pi.turnStartIndex,
          splitTurn: pi.isSplitTurn,
        });
        if (mine.splitTurn) split++;
        if (mine.firstKept > 0) cutInside++;
      }
    }
    // the cases covered include split turns and real cuts, not only "keep everything"
    expect(split).toBeGreaterThan(10);
    expect(cutInside).toBeGreaterThan(10);
  });
});

describe("context window fold", () => {
  const end = (message: AgentMessage, seq: number) =>
    ({ type: "message_end", message, seq, ts: 0 }) as SessionEvent;

  it("adds each finished message, reads a truncated result's figures, and starts over on session_cleared", () => {
    const result: AgentMessage = {
      role: "toolResult",
      toolCallId: "c1",
      toolName: "read",
      content: [{ type: "text", text: "x".repeat(400) }],
      details: {
        truncation: {
          truncated: true,
          truncatedBy: "lines",
          totalLines: 9_000,
          totalBytes: 300_000,
          outputLines: 2_000,
          outputBytes: 51_000,
        },
      },
      isError: false,
      timestamp: 0,
    };
    let s = reduceContextWindow(
      EMPTY_CONTEXT_WINDOW,
      end({ role: "user", content: "hello", timestamp: 0 }, 1),
    );
    s = reduceContextWindow(s, end(result, 2));
    expect(s.entries.map((e) => [e.role, e.estimate])).toEqual([
      ["user", 2],
      ["toolResult", 100],
    ]);
    expect(s.entries[1]?.truncation).toEqual({
      totalBytes: 300_000,
      totalLines: 9_000,
      outputBytes: 51_000,
      outputLines: 2_000,
      truncatedBy: "lines",
    });
    s = reduceContextWindow(s, { type: "session_cleared", reason: "x", seq: 3, ts: 0 } as SessionEvent);
    expect(s).toBe(EMPTY_CONTEXT_WINDOW);
  });
});
