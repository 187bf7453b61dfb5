/**
 * The context-window lesson's check: the learner names, by its number on the gauge, the message that
 * takes the conversation past pi's compaction line on the 8,192-token window, and the tool result that
 * costs the most. The page checks both against the gauge's own arithmetic over the conversation as it
 * is now (docs/context-window.md), so the answer is whatever the gauge shows, model or scenario alike.
 */
import {
  type ContextEntry,
  compactionThreshold,
  contextTotal,
  estimateChars,
  SMALL_WINDOW,
} from "./context-window";

export interface ContextAnswer {
  /** the crossing message's number on the gauge (1-based, as its # column) */
  crossing: number;
  /** the costliest tool result's number on the gauge */
  costliest: number;
}

export type ContextCheck =
  | { passed: true; reason: "found"; crossing: number; costliest: number; tool: string; tokens: number }
  | { passed: false; reason: "notOver" | "wrongCrossing" | "wrongCostliest" | "noResult" };

/** The number (1-based) of the message at which the total first goes over the line, or null. */
export function crossingMessage(entries: readonly ContextEntry[], promptTokens: number): number | null {
  const line = compactionThreshold(SMALL_WINDOW.window, SMALL_WINDOW.settings);
  for (let i = 0; i < entries.length; i++)
    if (contextTotal(entries.slice(0, i + 1), promptTokens).tokens > line) return i + 1;
  return null;
}

/** The tool results that cost the most (several when they tie), by pi's estimate. */
export function costliestResults(entries: readonly ContextEntry[]): ContextEntry[] {
  const results = entries.filter((e) => e.role === "toolResult");
  const top = Math.max(...results.map((e) => e.estimate));
  return results.filter((e) => e.estimate === top);
}

/** The learner's answer against the conversation; `promptChars`: the system prompt's rendered length. */
export function checkContextAnswer(
  entries: readonly ContextEntry[],
  promptChars: number,
  answer: ContextAnswer,
): ContextCheck {
  const crossing = crossingMessage(entries, estimateChars(promptChars));
  if (crossing === null) return { passed: false, reason: "notOver" };
  const costliest = costliestResults(entries);
  const named = costliest.find((e) => e.index + 1 === answer.costliest);
  if (answer.crossing !== crossing) return { passed: false, reason: "wrongCrossing" };
  if (costliest.length === 0) return { passed: false, reason: "noResult" };
  if (!named) return { passed: false, reason: "wrongCostliest" };
  return {
    passed: true,
    reason: "found",
    crossing,
    costliest: answer.costliest,
    tool: named.label,
    tokens: named.estimate,
  };
}
