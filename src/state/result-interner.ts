import type { SessionEvent } from "@agent/events";
import type { ToolResultMessage } from "@agent/messages";

type Content = ToolResultMessage["content"];

/**
 * One copy of each tool result on the page. pi's events carry a result up to five times
 * (tool_execution_end, the toolResult message's message_start and message_end, turn_end's toolResults,
 * agent_end's messages), and each arrives from the worker as a structured clone of its own: a 50 KB read
 * would sit in the event log five times over. This swaps each later copy of a result's content for the
 * first one when they are equal, so the log, the transcript and an export share it; a structuredContent
 * that repeats the text shares it too.
 *
 * It remembers a result (by call id) until agent_end, the last event that repeats it, and at most
 * `capacity` results of a run that has not ended yet: the interner holds no history of its own.
 */
export function createResultInterner(capacity = 256) {
  const seen = new Map<string, Content>();
  const remember = (id: string, content: Content) => {
    seen.delete(id);
    seen.set(id, content);
    if (seen.size > capacity) seen.delete(seen.keys().next().value as string);
  };
  /** the first copy of this content, or the content itself (then remembered) */
  const shared = (id: string, content: Content): Content => {
    const first = seen.get(id);
    if (first === content) return first;
    if (first && sameContent(first, content)) return first;
    remember(id, content);
    return content;
  };
  const message = <M>(m: M): M => {
    const r = m as unknown as ToolResultMessage;
    if (r?.role !== "toolResult" || !Array.isArray(r.content)) return m;
    const content = shared(r.toolCallId, r.content);
    return (content === r.content ? m : { ...r, content }) as M;
  };

  return (event: SessionEvent): SessionEvent => {
    switch (event.type) {
      case "tool_execution_end": {
        const result = event.result as { content?: Content; structuredContent?: unknown } | undefined;
        if (!result || !Array.isArray(result.content)) return event;
        const content = shared(event.toolCallId, result.content);
        // Strings compare by value, so a swap is said, not seen: undefined when there is none to make.
        const structured = textCopyOf(result.structuredContent, content);
        if (content === result.content && structured === undefined) return event;
        const next = { ...event.result, content };
        if (structured !== undefined) next.structuredContent = structured;
        return { ...event, result: next };
      }
      case "message_start":
      case "message_end": {
        const m = message(event.message);
        return m === event.message ? event : { ...event, message: m };
      }
      case "turn_end": {
        const toolResults = event.toolResults.map(message);
        return toolResults.every((m, i) => m === event.toolResults[i]) ? event : { ...event, toolResults };
      }
      case "agent_end": {
        const messages = event.messages.map(message);
        // No later event repeats this run's results: the log and the transcript hold them from here.
        seen.clear();
        return messages.every((m, i) => m === event.messages[i]) ? event : { ...event, messages };
      }
      case "session_ready":
      case "worker_replaced":
        seen.clear();
        return event;
      default:
        return event;
    }
  };
}

/**
 * pi 1.6.0's read gives its text a second time as the result's `structuredContent`: one string in the
 * worker, two once cloned to the page (a clone copies a string each time it appears). This keeps the
 * content's copy for both, which for a session of large reads is a third of the page's memory.
 */
function textCopyOf(structured: unknown, content: Content): string | undefined {
  if (typeof structured !== "string") return undefined;
  for (const block of content) if (block.type === "text" && block.text === structured) return block.text;
  return undefined;
}

function sameContent(a: Content, b: Content): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.type !== y.type) return false;
    if (x.type === "text" && x.text !== (y as typeof x).text) return false;
    if (x.type === "image" && (x.data !== (y as typeof x).data || x.mimeType !== (y as typeof x).mimeType))
      return false;
  }
  return true;
}
