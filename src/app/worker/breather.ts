/**
 * A batch of calls on memfs runs as one task of the worker's: each call's work is promises that settle at
 * once, so 5,000 parallel reads held the worker for a second, and an abort (a message) waited that long.
 * So once calls have followed each other without a gap for a slice, the next one lets a task go by first:
 * the abort is taken between two calls. A batch that fits in a slice never waits, nor does a call after
 * a gap (a run's calls separated by the model, by a pause, by a call that waited on something).
 */
import type { AnyAgentTool } from "@core/tools/types";

const SLICE_MS = 30;

export function createBreather(now: () => number = () => performance.now()): () => Promise<void> {
  let since = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = now();
    const gap = at - last > 1;
    last = at;
    if (gap) since = at;
    if (at - since < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = last = now();
  };
}

/** The tool, taking a breath (when one is due) before it executes. */
export function withBreath(tool: AnyAgentTool, breathe: () => Promise<void>): AnyAgentTool {
  return {
    ...tool,
    execute: async (...args: Parameters<AnyAgentTool["execute"]>) => {
      await breathe();
      return tool.execute(...args);
    },
  };
}
