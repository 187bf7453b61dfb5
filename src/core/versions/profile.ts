/**
 * A pi version as one profile: its tools, its prompt, its argument validation and its loop's rules. The
 * session asks this object; nothing outside src/core/versions compares version ids. Adding a version means
 * a profile in each of the four places below and recorded goldens (docs/pi-versions.md).
 */
import { type PromptProfile, promptProfile } from "../system-prompt/versions/index";
import { type ArgumentValidator, argumentValidator } from "../validators";
import type { PiVersionId } from "./ids";
import { type PiToolProfile, TOOL_PROFILES } from "./tools";

export interface LoopProfile {
  /**
   * A tool result returned with `isError: true` (1.6.0's bash on a non-zero exit): "honour" marks the
   * result as an error, as 1.6.0's loop does; "ignore" reports it as a success, as 0.73.1's loop does
   * (its tools only signal failure by throwing).
   */
  returnedErrors: "honour" | "ignore";
  /** the calls of a reply cut at the output limit: run (0.73.1) or refused unrun (1.6.0) */
  truncatedCalls: "run" | "refuse";
  /** tool_execution_end and tool results carry `durationMs` (1.6.0) */
  reportDurations: boolean;
  /** an aborted run's calls not yet executing end with "Operation aborted" (1.6.0) */
  abortChecks: boolean;
  /** a running tool may run others through the pipeline (`ctx.executeTool`, 1.6.0) */
  nestedCalls: boolean;
  /**
   * 1.6.0's hook results: a blocked call may ask to terminate; the after-hook may set
   * `structuredContent` and `usage`, and replacing `content` without `structuredContent` drops it.
   * 0.73.1's after-hook rebuilds the result from content, details and terminate alone.
   */
  structuredHooks: boolean;
  /**
   * A reply ends with the thinking level its request asked for and, when the stream did not time it,
   * how long it took (1.6.0: the loop records the level, pi-ai's stream the time).
   */
  stampReplies: boolean;
}

export interface PiVersionProfile {
  id: PiVersionId;
  tools: PiToolProfile;
  prompt: PromptProfile;
  validator: ArgumentValidator;
  loop: LoopProfile;
}

const LOOP_PROFILES: Readonly<Record<PiVersionId, LoopProfile>> = {
  "0.73.1": {
    returnedErrors: "ignore",
    truncatedCalls: "run",
    reportDurations: false,
    abortChecks: false,
    nestedCalls: false,
    structuredHooks: false,
    stampReplies: false,
  },
  "1.6.0": {
    returnedErrors: "honour",
    truncatedCalls: "refuse",
    reportDurations: true,
    abortChecks: true,
    nestedCalls: true,
    structuredHooks: true,
    stampReplies: true,
  },
};

export function piVersionProfile(id: PiVersionId): PiVersionProfile {
  return {
    id,
    tools: TOOL_PROFILES[id],
    prompt: promptProfile(id),
    validator: argumentValidator(id),
    loop: LOOP_PROFILES[id],
  };
}
