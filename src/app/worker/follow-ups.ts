import type { PromptDequeuedEvent, PromptQueuedEvent } from "@agent/events";
import type { AgentMessage, UserMessage } from "@agent/messages";

/**
 * Messages sent while a model run goes, kept as pi-agent-core's follow-up queue keeps them (its default
 * "one-at-a-time" mode): the run takes the oldest when the model would stop, and the page is told of
 * each as it is queued, sent or dropped, so the transcript can show it waiting.
 */
export class FollowUpQueue {
  private waiting: { id: string; message: UserMessage }[] = [];
  private count = 0;

  constructor(private readonly emit: (event: PromptQueuedEvent | PromptDequeuedEvent) => void) {}

  enqueue(message: UserMessage, text: string): void {
    const id = `q${++this.count}`;
    this.waiting.push({ id, message });
    this.emit({ type: "prompt_queued", id, text });
  }

  /** The oldest message (as a list, the shape the loop's getFollowUpMessages returns), or none. */
  next(): AgentMessage[] {
    const first = this.waiting.shift();
    if (!first) return [];
    this.emit({ type: "prompt_dequeued", id: first.id, outcome: "sent" });
    return [first.message];
  }

  /** The run ended by an error or an abort, or the session started over: nothing waiting is sent. */
  dropAll(): void {
    const dropped = this.waiting;
    this.waiting = [];
    for (const { id } of dropped) this.emit({ type: "prompt_dequeued", id, outcome: "dropped" });
  }
}
