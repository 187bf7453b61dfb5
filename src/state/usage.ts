import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";

/** Tokens and cost of one model response, or of the session so far (pi-ai's Usage, flattened). */
export interface UsageTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** dollars, from the model's prices as pi-ai computed them when the response ended */
  cost: number;
}

export interface UsageSnapshot {
  session: UsageTotals;
  /** model responses counted in `session` */
  turns: number;
}

export const ZERO_USAGE: UsageTotals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
export const EMPTY_USAGE: UsageSnapshot = { session: ZERO_USAGE, turns: 0 };

/**
 * What an assistant message's usage says, or null when it carries none worth showing: a scripted or
 * hand-composed turn has zero usage (no model answered it), and a line of zeros would only mislead.
 */
export function usageOf(message: AgentMessage): UsageTotals | null {
  if (message.role !== "assistant") return null;
  const u = message.usage;
  if (!u) return null;
  const totals: UsageTotals = {
    input: u.input ?? 0,
    output: u.output ?? 0,
    cacheRead: u.cacheRead ?? 0,
    cacheWrite: u.cacheWrite ?? 0,
    cost: u.cost?.total ?? 0,
  };
  const any = totals.input + totals.output + totals.cacheRead + totals.cacheWrite + totals.cost;
  return any > 0 ? totals : null;
}

export function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    cost: a.cost + b.cost,
  };
}

/** The session's tokens and cost: every finished model response, until the page starts clean. */
export function reduceUsage(state: UsageSnapshot, event: SessionEvent): UsageSnapshot {
  switch (event.type) {
    case "message_end": {
      const usage = usageOf(event.message);
      return usage ? { session: addUsage(state.session, usage), turns: state.turns + 1 } : state;
    }
    case "session_cleared":
      return EMPTY_USAGE;
    default:
      return state;
  }
}

/** Dollars with enough digits that a cheap turn does not read as $0.00. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return "$0";
  if (dollars >= 1) return `$${dollars.toFixed(2)}`;
  if (dollars < 0.0001) return "<$0.0001";
  return `$${Number(dollars.toPrecision(2))}`;
}
