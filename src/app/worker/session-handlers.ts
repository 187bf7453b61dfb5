/**
 * Which handler each tool name points at, and the handler sources on offer: pi's (the definitions'
 * own execute), mini-pi's (core/tools/mini-pi), and any further source registered by name, such as a
 * learner's tool offered as a replacement. The choice outlives a workspace reset: the sources are built
 * again over the new volume and the choice is applied to them.
 */
import type { ToolRow } from "@agent/events";
import { SessionFault } from "@agent/session-fault";
import {
  applyHandlers,
  type HandlerSet,
  type HandlerSources,
  handlersFor,
  PI_HANDLER,
} from "@core/tools/handlers";
import type { ToolsOptions } from "@core/tools/index";
import { createMiniPiHandlers, MINI_PI_HANDLER } from "@core/tools/mini-pi/index";
import type { AnyToolDefinition } from "@core/tools/types";

/** The source id of the learner's own tools named like a built-in (learner-tools/). */
export const LEARNER_HANDLER = "learner";

export class HandlerChoice {
  private choice: Record<string, string> = {};
  private sources: Record<string, HandlerSet> = {};

  /** mini-pi's handlers over the backend's Operations (a new volume or backend means new closures). */
  build(root: string, options: ToolsOptions) {
    this.sources[MINI_PI_HANDLER] = createMiniPiHandlers(root, options);
  }

  /**
   * Another source (a learner's replacement tool, say); `undefined` removes it. A choice of this source
   * for a name it no longer offers goes back to pi's handler.
   */
  setSource(id: string, handlers: HandlerSet | undefined) {
    if (handlers && Object.keys(handlers).length > 0) this.sources[id] = handlers;
    else delete this.sources[id];
    for (const [name, chosen] of Object.entries(this.choice))
      if (chosen === id && !this.sources[id]?.[name]) delete this.choice[name];
  }

  /** Every name pointed at a handler other than pi's (what a saved workspace and a link keep). */
  choices(): Record<string, string> {
    return { ...this.choice };
  }

  get all(): HandlerSources {
    return this.sources;
  }

  of(name: string): string {
    return this.choice[name] ?? PI_HANDLER;
  }

  /** What a dispatch-table row says about its handler. */
  row(name: string): Pick<ToolRow, "handler" | "handlers"> {
    return { handler: this.of(name), handlers: handlersFor(this.sources, name) };
  }

  /** Throws a sentence the page can show when the tool has no such handler. */
  set(name: string, handler: string): string {
    const offered = handlersFor(this.sources, name);
    if (!offered.includes(handler))
      throw new SessionFault(
        { code: "noHandler", tool: name, handler, offered: offered.join(", ") },
        `The ${name} tool has no "${handler}" handler. It offers: ${offered.join(", ")}.`,
      );
    const previous = this.of(name);
    if (handler === PI_HANDLER) delete this.choice[name];
    else this.choice[name] = handler;
    return previous;
  }

  /** Restores a choice (a replacement worker); unknown tools or handlers are skipped. */
  restore(choice: Record<string, string>) {
    for (const [name, handler] of Object.entries(choice))
      if (handlersFor(this.sources, name).includes(handler)) this.set(name, handler);
  }

  apply(definitions: readonly AnyToolDefinition[]): AnyToolDefinition[] {
    return applyHandlers(definitions, this.sources, this.choice);
  }
}
