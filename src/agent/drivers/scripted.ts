/**
 * The scripted driver: each model request takes the next `assistant` step of a scenario. Offline, no key.
 * A request made after abort is answered `aborted` with no content and uses up no step (what a provider
 * does when the signal has fired, docs/pi-contract.md §8); a request with no scripted reply left is an `error`.
 */
import type { Emit } from "../events";
import type { AssistantStep } from "../scenario";
import type { Driver } from "../types";
import { assistantMessage, streamMessage } from "./stream";

export interface AssistantSource {
  /** waits for the player (paused, delays) then takes the next step if it is an assistant step */
  takeAssistant(signal: AbortSignal | undefined): Promise<{ index: number; step: AssistantStep } | undefined>;
}

export const NO_SCRIPTED_REPLY = "The scenario has no scripted reply for this request";

export function createScriptedDriver(source: AssistantSource, emit?: Emit): Driver {
  return async (request, signal) => {
    const report = (step: number | null, stopReason: "stop" | "length" | "toolUse" | "error" | "aborted") =>
      emit?.({
        type: "driver_request",
        driver: "scripted",
        step,
        messages: request.messages.length,
        tools: request.tools.map((t) => t.name),
        stopReason,
      });
    if (signal?.aborted) {
      report(null, "aborted");
      return streamMessage(assistantMessage([], "aborted", "scripted", "Request was aborted"));
    }
    const taken = await source.takeAssistant(signal);
    if (signal?.aborted) {
      report(null, "aborted");
      return streamMessage(assistantMessage([], "aborted", "scripted", "Request was aborted"));
    }
    if (!taken) {
      report(null, "error");
      return streamMessage(assistantMessage([], "error", "scripted", NO_SCRIPTED_REPLY));
    }
    const { content, stopReason, errorMessage } = taken.step.assistant;
    report(taken.index, stopReason);
    // A fresh copy: the loop and the tools may mutate arguments in place (edit's prepareArguments does).
    return streamMessage(assistantMessage(structuredClone(content), stopReason, "scripted", errorMessage));
  };
}
