/**
 * Calls made by hand: one tool call typed in the call form, or a whole turn composed by hand (user,
 * assistant with its calls, closing text). Each is a run of the session's loop and pipeline with the
 * manual driver playing the model, exactly the road a model's call takes.
 */
import { createManualDriver, type ManualTurn, manualTurn, parseManualArguments } from "@agent/drivers/manual";
import type { PlaygroundSession } from "./session";

export class HandCalls {
  /** numbers the calls that came without an id */
  private count = 0;

  constructor(private readonly session: Pick<PlaygroundSession, "emit" | "run">) {}

  /** One call typed by hand; stops after that turn. Malformed JSON is refused before the run. */
  runToolCall(toolName: string, argsJson: string, toolCallId = `manual-${++this.count}`) {
    const args = parseManualArguments(argsJson);
    const driver = createManualDriver(
      { type: "toolCall", id: toolCallId, name: toolName, arguments: args },
      this.session.emit,
    );
    return this.session.run([], driver, { shouldStopAfterTurn: () => true });
  }

  /** A whole turn composed by hand, through the same loop. */
  runTurn(turn: ManualTurn) {
    const { prompts, driver, stopAfterCalls } = manualTurn(
      turn,
      () => `manual-${++this.count}`,
      this.session.emit,
    );
    return this.session.run(prompts, driver, stopAfterCalls ? { shouldStopAfterTurn: () => true } : {});
  }
}
