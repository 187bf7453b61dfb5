import type { EventOf, SessionEvent } from "@agent/events";
import { type UsageTotals, usageOf } from "./usage";

/** The last model request that went out, as the Request tab shows it after a real request. */
export interface ModelRequestSnapshot {
  sent: Pick<EventOf<"model_request_sent">, "model" | "body" | "headers" | "piVersion"> | null;
  /** the usage of the response to `sent`, once it has ended */
  usage: UsageTotals | null;
  /** how that response ended (pi's stopReason), or null while it streams */
  stopReason: string | null;
}

export const EMPTY_MODEL_REQUEST: ModelRequestSnapshot = { sent: null, usage: null, stopReason: null };

export function reduceModelRequest(state: ModelRequestSnapshot, event: SessionEvent): ModelRequestSnapshot {
  switch (event.type) {
    case "model_request_sent":
      return {
        sent: {
          model: event.model,
          body: event.body,
          headers: event.headers,
          ...(event.piVersion ? { piVersion: event.piVersion } : {}),
        },
        usage: null,
        stopReason: null,
      };
    case "message_end":
      // The response to the request: the next assistant message to end after it went out.
      if (!state.sent || state.stopReason !== null || event.message.role !== "assistant") return state;
      return { ...state, usage: usageOf(event.message), stopReason: event.message.stopReason };
    case "session_cleared":
      return EMPTY_MODEL_REQUEST;
    default:
      return state;
  }
}
