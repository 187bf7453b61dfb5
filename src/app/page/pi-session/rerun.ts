/**
 * Re-running a recorded call on the page: the call goes to the live session as a hand call would (its
 * own id, so its end is told apart), runs on the learner's workspace through pi's pipeline, and its
 * answer comes back beside the one pi gave on the learner's machine.
 */
import type { SessionEvent } from "@agent/events";
import { contentText, type RecordedCall } from "@agent/pi-session/to-events";
import type { SessionCommand } from "@agent/protocol";

export interface RerunHost {
  send(command: SessionCommand): void;
  onEvent(listener: (event: SessionEvent) => void): () => void;
}

export interface RerunAnswer {
  text: string;
  isError: boolean;
}

/** A call that has not ended after this long is reported as not answered (a call waiting at a breakpoint). */
const RERUN_TIMEOUT_MS = 60_000;
let reruns = 0;

export function rerunCall(host: RerunHost, call: RecordedCall): Promise<RerunAnswer> {
  const toolCallId = `rerun-${++reruns}-${call.toolCallId}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve({ text: "(no answer within a minute)", isError: true });
    }, RERUN_TIMEOUT_MS);
    const off = host.onEvent((event) => {
      if (event.type !== "tool_execution_end" || event.toolCallId !== toolCallId) return;
      clearTimeout(timer);
      off();
      resolve({ text: contentText(event.result.content), isError: event.isError });
    });
    host.send({
      type: "run_tool_call",
      toolName: call.toolName,
      args: JSON.stringify(call.args),
      toolCallId,
    });
  });
}
