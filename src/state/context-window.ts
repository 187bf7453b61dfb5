import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";

/**
 * The context gauge's fold: the conversation the next model request would carry, message by message, with
 * a token count for each and pi's compaction arithmetic over them (docs/context-window.md). Driven by
 * `message_end` (a finished message is what enters the context) and `system_message_seeded` (1.6.0's
 * first system message, which pi adds without an event); `session_cleared` starts over.
 */

/** pi's compaction settings (its defaults: reserve 16,384 tokens, keep the newest 20,000). */
export interface CompactionSettings {
  reserveTokens: number;
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION: CompactionSettings = { reserveTokens: 16_384, keepRecentTokens: 20_000 };

/**
 * The gauge's smallest window, with the settings a pi user would give such a model (pi's defaults reserve
 * more than the whole window): its line is at 6,144 tokens.
 */
export const SMALL_WINDOW = {
  window: 8_192,
  settings: { reserveTokens: 2_048, keepRecentTokens: 2_000 } satisfies CompactionSettings,
} as const;

/** pi's window for a model it knows nothing about. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

export interface TruncationFigures {
  /** bytes of the whole output before the cut */
  totalBytes: number;
  totalLines: number;
  /** bytes and lines the cut let through */
  outputBytes: number;
  outputLines: number;
  truncatedBy: "lines" | "bytes" | null;
}

export interface ContextEntry {
  /** position in the conversation, 0-based */
  index: number;
  role: AgentMessage["role"];
  /** the tool's name for a result, the called tools for an assistant message */
  label: string;
  /** pi's chars/4 estimate of this message */
  estimate: number;
  /** the tokens the provider reported producing for this message (its usage's output), when a model answered */
  usageOutput: number | null;
  /** the provider's whole-context figure at this message (usage.totalTokens or its parts), when a model answered */
  usageContext: number | null;
  /** a tool result the 50 KB / 2,000-line cut shortened */
  truncation: TruncationFigures | null;
}

export interface ContextWindowSnapshot {
  entries: readonly ContextEntry[];
  /** the messages themselves, for the cut point */
  messages: readonly AgentMessage[];
  /** the model the last request named (model mode), or null */
  model: string | null;
}

export const EMPTY_CONTEXT_WINDOW: ContextWindowSnapshot = { entries: [], messages: [], model: null };

/** pi's rule: a quarter of the characters, rounded up. */
export function estimateChars(chars: number): number {
  return Math.ceil(chars / 4);
}

/** The characters pi counts for a message (text, thinking, tool name and arguments as JSON, 4,800 per image). */
function countedChars(message: AgentMessage): number {
  let chars = 0;
  switch (message.role) {
    case "user":
      if (typeof message.content === "string") return message.content.length;
      for (const block of message.content)
        if (block.type === "text" && block.text) chars += block.text.length;
      return chars;
    case "assistant":
      for (const block of message.content) {
        if (block.type === "text") chars += block.text.length;
        else if (block.type === "thinking") chars += block.thinking.length;
        else if (block.type === "toolCall")
          chars += block.name.length + JSON.stringify(block.arguments).length;
      }
      return chars;
    case "toolResult":
      for (const block of message.content) {
        if (block.type === "text" && block.text) chars += block.text.length;
        if (block.type === "image") chars += 4_800;
      }
      return chars;
    case "system":
      // The playground's own system message (prompt patches) goes to the model as text; pi has no such role.
      return message.content.length;
  }
}

/** pi's estimate of one message's tokens. */
export function estimateMessageTokens(message: AgentMessage): number {
  return estimateChars(countedChars(message));
}

/**
 * The provider's context figure for an assistant message, or null when it has none worth believing: an
 * aborted or failed response (pi skips those too) or a scripted one, whose usage is all zeros.
 */
export function usageContextOf(message: AgentMessage): number | null {
  if (message.role !== "assistant" || !message.usage) return null;
  if (message.stopReason === "aborted" || message.stopReason === "error") return null;
  const u = message.usage;
  const total = u.totalTokens || (u.input ?? 0) + (u.output ?? 0) + (u.cacheRead ?? 0) + (u.cacheWrite ?? 0);
  return total > 0 ? total : null;
}

function truncationOf(message: AgentMessage): TruncationFigures | null {
  if (message.role !== "toolResult") return null;
  const details = message.details as
    | { truncation?: Partial<TruncationFigures> & { truncated?: boolean } }
    | undefined;
  const t = details?.truncation;
  if (!t?.truncated || typeof t.totalBytes !== "number" || typeof t.outputBytes !== "number") return null;
  return {
    totalBytes: t.totalBytes,
    totalLines: t.totalLines ?? 0,
    outputBytes: t.outputBytes,
    outputLines: t.outputLines ?? 0,
    truncatedBy: t.truncatedBy ?? null,
  };
}

function labelOf(message: AgentMessage): string {
  if (message.role === "toolResult") return message.toolName;
  if (message.role === "assistant")
    return message.content
      .filter((b) => b.type === "toolCall")
      .map((b) => (b.type === "toolCall" ? b.name : ""))
      .join(", ");
  return "";
}

export function entryOf(message: AgentMessage, index: number): ContextEntry {
  const usageContext = usageContextOf(message);
  return {
    index,
    role: message.role,
    label: labelOf(message),
    estimate: estimateMessageTokens(message),
    usageOutput: usageContext !== null && message.role === "assistant" ? message.usage.output : null,
    usageContext,
    truncation: truncationOf(message),
  };
}

export function reduceContextWindow(
  state: ContextWindowSnapshot,
  event: SessionEvent,
): ContextWindowSnapshot {
  switch (event.type) {
    case "message_end":
    case "system_message_seeded": {
      const messages = [...state.messages, event.message];
      return {
        ...state,
        messages,
        entries: [...state.entries, entryOf(event.message, state.entries.length)],
      };
    }
    case "model_request_sent":
      return state.model === event.model ? state : { ...state, model: event.model };
    case "session_cleared":
      return EMPTY_CONTEXT_WINDOW;
    default:
      return state;
  }
}

export interface ContextTotal {
  /** the whole context: the last believable usage figure plus estimates of what came after it */
  tokens: number;
  /** the part a provider reported */
  usageTokens: number;
  /** the part estimated */
  estimatedTokens: number;
  /** the entry whose usage the total starts from, or null when every count is an estimate */
  lastUsageIndex: number | null;
}

/**
 * The conversation's size as pi reckons it before deciding to compact: the newest provider figure (which
 * already counts the system prompt and everything before it) plus pi's estimate of each later message.
 * With no provider figure, the estimates of all messages plus `systemPromptTokens` (pi leaves the prompt
 * out of its estimate; the gauge adds it so a scripted conversation is not undercounted).
 */
export function contextTotal(entries: readonly ContextEntry[], systemPromptTokens = 0): ContextTotal {
  let last = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i]?.usageContext !== null) {
      last = i;
      break;
    }
  }
  if (last < 0) {
    const estimated = entries.reduce((sum, e) => sum + e.estimate, systemPromptTokens);
    return { tokens: estimated, usageTokens: 0, estimatedTokens: estimated, lastUsageIndex: null };
  }
  const usageTokens = entries[last]?.usageContext ?? 0;
  let trailing = 0;
  for (let i = last + 1; i < entries.length; i++) trailing += entries[i]?.estimate ?? 0;
  return { tokens: usageTokens + trailing, usageTokens, estimatedTokens: trailing, lastUsageIndex: last };
}

/** pi compacts once the context is larger than the window less the reserve. */
export function compactionThreshold(contextWindow: number, settings: CompactionSettings): number {
  return contextWindow - settings.reserveTokens;
}

export interface CutPoint {
  /** the first message pi would keep; everything before it would be summarised */
  firstKept: number;
  /** when the cut falls inside a turn, the user message that began that turn, else -1 */
  turnStart: number;
  splitTurn: boolean;
}

/** A message a cut may start at: anything but a tool result, which must stay after its call. */
function canStartAt(message: AgentMessage): boolean {
  return message.role !== "toolResult";
}

/**
 * Where pi would cut to keep about `keepRecentTokens`: counting estimates from the newest message back,
 * the first message at which the count reaches the budget, moved forward to the nearest message a cut
 * may start at. When the budget is never reached, everything is kept (the cut is at the first allowed
 * message). A cut at anything but a user message splits a turn; its turn began at the nearest user
 * message before it.
 */
export function findCut(
  messages: readonly AgentMessage[],
  keepRecentTokens: number,
  tokensOf: (index: number) => number = (i) => estimateMessageTokens(messages[i] as AgentMessage),
): CutPoint {
  // Walks back only as far as the budget reaches, and from there forward to a message a cut may start
  // at: the work is the size of what is kept, not of the whole session (the gauge asks on every message).
  let reached = 0;
  let counted = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    counted += tokensOf(i);
    if (counted >= keepRecentTokens) {
      reached = i;
      break;
    }
  }
  let firstKept = -1;
  for (let i = reached; i < messages.length; i++)
    if (canStartAt(messages[i] as AgentMessage)) {
      firstKept = i;
      break;
    }
  // Past the budget's message no cut may start: the first allowed message anywhere, as when it is never reached.
  if (firstKept === -1)
    for (let i = 0; i < messages.length; i++)
      if (canStartAt(messages[i] as AgentMessage)) {
        firstKept = i;
        break;
      }
  if (firstKept === -1) return { firstKept: 0, turnStart: -1, splitTurn: false };
  if (messages[firstKept]?.role === "user") return { firstKept, turnStart: -1, splitTurn: false };
  let turnStart = -1;
  for (let i = firstKept; i >= 0; i--) {
    if (messages[i]?.role === "user") {
      turnStart = i;
      break;
    }
  }
  return { firstKept, turnStart, splitTurn: turnStart !== -1 };
}
