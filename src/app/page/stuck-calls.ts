/**
 * Which calls an Esc could not stop, and why: a bash command cannot see the abort signal in the middle of
 * a command; a learner's tool can, but its code did not end. The page words the two differently.
 */
import type { SessionEvent, ToolRow } from "@agent/events";

/** The running calls' tool names, folded from the session's events (toolCallId → tool name). */
export function createRunningCallNames() {
  const names = new Map<string, string>();
  return {
    ingest(event: SessionEvent) {
      if (event.type === "tool_execution_start") names.set(event.toolCallId, event.toolName);
      else if (event.type === "tool_execution_end") names.delete(event.toolCallId);
      else if (event.type === "session_ready" || event.type === "worker_replaced") names.clear();
    },
    nameOf: (id: string) => names.get(id),
  };
}

/** The learner's tools among the stuck calls (in call order, each once); none: the bash engine's case. */
export function learnerToolsAmong(
  stuck: readonly string[],
  nameOf: (id: string) => string | undefined,
  tools: readonly ToolRow[],
): string[] {
  const learner = new Set(
    tools.filter((t) => t.origin === "learner" || t.handler === "learner").map((t) => t.name),
  );
  const found: string[] = [];
  for (const id of stuck) {
    const name = nameOf(id);
    if (name !== undefined && learner.has(name) && !found.includes(name)) found.push(name);
  }
  return found;
}
