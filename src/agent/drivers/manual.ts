/**
 * The manual driver: what a person types stands in for the model. A call typed by hand becomes an
 * assistant message holding that one tool call; a composed turn becomes the user's message, one assistant
 * message holding all its calls (so they run as one batch, in parallel, as a model's would) and, when
 * given, the model's closing text as the answer to the tool results. Both run through the same loop and
 * pipeline as a scenario; without closing text the run stops after the calls' turn (pi's
 * `shouldStopAfterTurn`), so no model is asked about the results.
 */
import type { Emit, SessionErrorAbout } from "../events";
import type { AgentMessage, AssistantMessage, ToolCall } from "../messages";
import { SessionFault } from "../session-fault";
import type { Driver } from "../types";
import { assistantMessage, streamMessage } from "./stream";

/** Parses the raw JSON a person typed; a parse failure is an Error saying where. */
export function parseManualArguments(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new SessionFault({ code: "argsNotJson", error: why }, `The arguments are not valid JSON: ${why}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new SessionFault(
      { code: "argsNotObject" },
      'The arguments must be a JSON object, like {"path": "README.md"}',
    );
  return value as Record<string, unknown>;
}

export function createManualDriver(call: ToolCall, emit?: Emit): Driver {
  return createTurnDriver([call], undefined, emit);
}

/** One call of a composed turn: `args` is the raw JSON text, parsed by the session. */
export interface ManualCall {
  toolName: string;
  args: string;
  toolCallId?: string;
}

/** A turn composed by hand: the user's message, the assistant's calls, the assistant's closing text. */
export interface ManualTurn {
  user?: string;
  calls: readonly ManualCall[];
  closingText?: string;
}

/**
 * What the loop needs to run a composed turn: the prompts (the user's message, if any), the driver, and
 * whether to stop after the calls' turn (no closing text). Every call's JSON is parsed before anything
 * runs, so one malformed call sends none of them; the error names the call.
 */
export function manualTurn(
  turn: ManualTurn,
  nextId: () => string,
  emit?: Emit,
): { prompts: AgentMessage[]; driver: Driver; stopAfterCalls: boolean } {
  if (turn.calls.length === 0)
    throw new SessionFault(
      { code: "noCalls" },
      "A composed turn needs at least one tool call: add one, then run the turn.",
    );
  const calls: ToolCall[] = turn.calls.map((c, i) => {
    let args: Record<string, unknown>;
    try {
      args = parseManualArguments(c.args);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (turn.calls.length === 1) throw error;
      const about: SessionErrorAbout | undefined = error instanceof SessionFault ? error.about : undefined;
      throw new SessionFault(
        { code: "inCall", n: i + 1, tool: c.toolName, ...(about ? { about } : { error: why }) },
        `Call ${i + 1} (${c.toolName}): ${why}`,
      );
    }
    return { type: "toolCall", id: c.toolCallId ?? nextId(), name: c.toolName, arguments: args };
  });
  const ids = new Set(calls.map((c) => c.id));
  if (ids.size !== calls.length)
    throw new SessionFault(
      { code: "duplicateIds" },
      "Two calls of the turn have the same id: give each its own.",
    );
  const user = turn.user?.trim() ?? "";
  const closing = turn.closingText?.trim() ?? "";
  const prompts: AgentMessage[] =
    user === "" ? [] : [{ role: "user", content: [{ type: "text", text: user }], timestamp: Date.now() }];
  return {
    prompts,
    driver: createTurnDriver(calls, closing === "" ? undefined : closing, emit),
    stopAfterCalls: closing === "",
  };
}

/**
 * Answers the loop's first request with the assistant message holding every call (stopReason "toolUse")
 * and, when there is closing text, the second with that text (stopReason "stop"). A request after abort,
 * or one beyond those, is answered "aborted" with no content.
 */
function createTurnDriver(calls: readonly ToolCall[], closingText: string | undefined, emit?: Emit): Driver {
  const replies: AssistantMessage[] = [
    assistantMessage(structuredClone([...calls]), "toolUse", "manual"),
    ...(closingText === undefined
      ? []
      : [assistantMessage([{ type: "text", text: closingText }], "stop", "manual")]),
  ];
  let next = 0;
  return async (request, signal) => {
    const reply = signal?.aborted ? undefined : replies[next];
    emit?.({
      type: "driver_request",
      driver: "manual",
      step: null,
      messages: request.messages.length,
      tools: request.tools.map((t) => t.name),
      stopReason: reply?.stopReason ?? "aborted",
    });
    if (!reply) return streamMessage(assistantMessage([], "aborted", "manual"));
    next++;
    // A fresh copy and a fresh time: the loop and the tools may mutate arguments in place (edit's
    // prepareArguments does), and the closing text is written after the results came back.
    return streamMessage({ ...structuredClone(reply), timestamp: Date.now() });
  };
}
