/**
 * A pi session's branch as a scenario (docs/scenarios.md): its prompts and the model's replies, so the
 * page can play it like any scenario, save it, share it in a link. Tool results are not copied: a
 * scenario's results come from running its calls, here on the page's workspace.
 */
import type { Scenario, ScenarioStep } from "../scenario";
import type { PiSessionFile } from "./read";
import { contentText } from "./to-events";

const KEPT_PARTS = new Set(["text", "thinking", "toolCall"]);

export function piSessionScenario(file: PiSessionFile, name: string): Scenario {
  const steps: ScenarioStep[] = [];
  for (const entry of file.path) {
    const message = entry.message;
    if (message?.role === "user") steps.push({ user: contentText(message.content) });
    else if (message?.role === "assistant") {
      const content = (Array.isArray(message.content) ? message.content : [])
        .filter((part) => KEPT_PARTS.has(part.type))
        .map((part) =>
          part.type === "toolCall"
            ? { type: "toolCall" as const, id: part.id, name: part.name, arguments: part.arguments ?? {} }
            : part,
        );
      steps.push({
        assistant: {
          content,
          stopReason:
            message.stopReason === "toolUse" || message.stopReason === "stop" ? message.stopReason : "stop",
        },
      } as ScenarioStep);
    }
  }
  return {
    title: `pi session ${name}`,
    description: `The prompts and replies of ${name}, a session pi recorded in ${file.header?.cwd || "a folder"}; the calls run on the page's workspace.`,
    steps,
  };
}
