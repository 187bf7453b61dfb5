/**
 * Model mode, a feature of its own: the user's message, then turns from a real model, the messages sent
 * meanwhile (follow-ups), and the request a run would send next. It owns model_prompt and the
 * model_request question, and reaches the session only through ModelSession; the model driver and
 * pi-ai load on first use.
 */
import type { CompletionFunction } from "@agent/drivers/model";
import type { ModelChoice } from "@agent/drivers/model-presets";
import type { AgentMessage, UserMessage } from "@agent/messages";
import type { ModelRequest } from "@agent/protocol";
import { SessionFault } from "@agent/session-fault";
import { FollowUpQueue } from "./follow-ups";
import { plain, providerOptions } from "./provider-client";
import type { PlaygroundSession } from "./session";
import type { ToolTable } from "./session-tools";

/** What model mode needs from the session: its runs, its transcript and which tools a model is told of. */
export type ModelSession = Pick<
  PlaygroundSession,
  "emit" | "running" | "run" | "transcript" | "context" | "piVersion"
> & {
  tools: Pick<ToolTable, "isDeclared">;
};

export class ModelMode {
  /** whether the run going is a model run (a message sent meanwhile is queued as a follow-up) */
  private modelRun = false;
  private readonly followUps: FollowUpQueue;

  /** pi passes one session id with every request (prompt-cache keys, session-affinity headers). */
  private readonly sessionId =
    globalThis.crypto?.randomUUID?.() ??
    `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

  /** `complete`: the provider context's completions; none outside a page (model mode is then unavailable) */
  constructor(
    private readonly session: ModelSession,
    private readonly complete: CompletionFunction | undefined,
  ) {
    this.followUps = new FollowUpQueue((e) => session.emit(e));
  }

  /** Whether a model-mode run is going (from the user's message until the model stops calling tools). */
  get running(): boolean {
    return this.modelRun;
  }

  /** The session started over (another scenario loaded): nothing waiting is sent. */
  dropFollowUps(): void {
    this.followUps.dropAll();
  }

  /**
   * Model mode: the user's message, then turns from a real model until it stops calling tools. The model
   * driver (with pi-ai) is loaded on first use, so the worker's own chunk does not carry it.
   */
  async prompt(text: string, choice: ModelChoice) {
    const complete = this.complete;
    if (!complete)
      throw new SessionFault(
        { code: "noProvider" },
        "Model mode is not available here: this session has no provider context.",
      );
    const user: UserMessage = { role: "user", content: [{ type: "text", text }], timestamp: Date.now() };
    // From here until the model stops (the driver's first load included), a message sent waits.
    if (this.modelRun) return this.followUps.enqueue(user, text);
    if (this.session.running)
      throw new SessionFault(
        { code: "busy" },
        "A run is in progress: wait for it to end or press Esc to abort it.",
      );
    this.modelRun = true;
    try {
      await this.runModel(user, choice, complete);
    } finally {
      this.modelRun = false;
      this.followUps.dropAll();
    }
  }

  private async runModel(user: UserMessage, choice: ModelChoice, complete: CompletionFunction) {
    const { createModelDriver, requestedReasoning } = await import("@agent/drivers/model");
    const options = await this.modelOptions(choice);
    const driver = createModelDriver({ ...options, complete });
    let prompts: AgentMessage[] = [user];
    for (;;) {
      await this.session.run(prompts, driver, {
        getFollowUpMessages: async () => this.followUps.next(),
        reasoning: requestedReasoning(options),
      });
      // A message queued as the loop was leaving starts a run of its own, as pi's `continue()` takes a
      // follow-up left in the queue; after an error or an abort the queue is dropped instead.
      const last = this.session.transcript.at(-1);
      const failed = last?.role === "assistant" && ["error", "aborted"].includes(last.stopReason);
      prompts = failed ? [] : this.followUps.next();
      if (prompts.length === 0) return;
    }
  }

  /** The model object and pi's settings for a model-mode request (the driver and pi-ai load lazily). */
  private async modelOptions(choice: ModelChoice) {
    const { resolveModel } = await import("@agent/drivers/model-spec");
    return {
      model: resolveModel({
        provider: choice.provider,
        id: choice.modelId,
        api: choice.api,
        baseUrl: choice.baseUrl,
        ...(choice.compat ? { compat: choice.compat } : {}),
      }),
      thinkingLevel: choice.thinkingLevel,
      sessionId: this.sessionId,
      // A hidden tool runs when called but is not declared to the model, as the prompt leaves it out.
      isDeclared: (name: string) => this.session.tools.isDeclared(name),
      // the session's version picks whose pi-ai the page sends with
      piVersion: this.session.piVersion,
    };
  }

  /**
   * The request a model-mode run would send next (the conversation so far, the prompt and the declared
   * tools as a run has them), built by the driver's own function and sent nowhere: the page hands it to
   * pi-ai for the exact body.
   */
  async nextRequest(choice: ModelChoice): Promise<ModelRequest> {
    const { buildModelRequest } = await import("@agent/drivers/model");
    const built = buildModelRequest(this.session.context(), await this.modelOptions(choice));
    return {
      piVersion: this.session.piVersion,
      model: plain(built.model),
      context: plain(built.context),
      options: providerOptions(built.options),
    };
  }
}
