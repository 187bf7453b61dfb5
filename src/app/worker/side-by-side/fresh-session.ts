/**
 * What every side-by-side run shares (the compromise table's "Show me" and "Compare backends"): a fresh
 * session of its own, so the learner's session and workspace are never touched, whose events are kept
 * and folded into one short account per call.
 */
import type { SessionEvent } from "@agent/events";
import type { DemoCall } from "@core/tools/mini-pi/compromises";
import { Playground } from "../playground";
import type { SessionOptions } from "../session";

const HEAD = 240;
const TAIL = 360;

export interface FreshSession {
  playground: Playground;
  events: SessionEvent[];
}

/** A new session (preset files, default tools) whose events are kept here and go nowhere else. */
export function freshSession(options: SessionOptions = {}): FreshSession {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e), options);
  return { playground, events };
}

/**
 * One account per finished call, in the order they ended: error or not, the text (head and tail when
 * long) with its length and digest, updates, images, the details' keys, the duration. A call's arguments
 * come from `argsById` when given, else from its start event.
 */
export function foldCalls(
  events: readonly SessionEvent[],
  argsById: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): DemoCall[] {
  const started = new Map<string, { ts: number; args: unknown }>();
  const updates = new Map<string, number>();
  const calls: DemoCall[] = [];
  for (const e of events) {
    if (e.type === "tool_execution_start") started.set(e.toolCallId, { ts: e.ts, args: e.args });
    else if (e.type === "tool_execution_update")
      updates.set(e.toolCallId, (updates.get(e.toolCallId) ?? 0) + 1);
    else if (e.type === "tool_execution_end") {
      const text = e.result.content
        .map((c) => (c.type === "text" ? c.text : `[${c.mimeType} image]`))
        .join("\n");
      const details = e.result.details;
      const start = started.get(e.toolCallId);
      const args = argsById.get(e.toolCallId) ?? start?.args;
      calls.push({
        id: e.toolCallId,
        tool: e.toolName,
        args: args && typeof args === "object" ? (args as Record<string, unknown>) : {},
        isError: e.isError,
        ...shorten(text),
        chars: text.length,
        hash: textHash(text),
        images: e.result.content.filter((c) => c.type === "image").length,
        updates: updates.get(e.toolCallId) ?? 0,
        detailKeys: details && typeof details === "object" ? Object.keys(details) : [],
        ...(e.result.structuredContent !== undefined
          ? { structured: JSON.stringify(e.result.structuredContent) }
          : {}),
        ms: e.ts - (start?.ts ?? e.ts),
      });
    }
  }
  return calls;
}

/** The head and the tail of a long text, with how much was left out between them. */
export function shorten(text: string): Pick<DemoCall, "text" | "tail" | "omitted"> {
  if (text.length <= HEAD + TAIL + 40) return { text };
  return { text: text.slice(0, HEAD), tail: text.slice(-TAIL), omitted: text.length - HEAD - TAIL };
}

/** FNV-1a over the UTF-16 code units: a short digest to tell two long texts apart, not a security hash. */
export function textHash(text: string | Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= typeof text === "string" ? text.charCodeAt(i) : (text[i] as number);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${h.toString(36)}`;
}
