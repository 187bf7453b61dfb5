/**
 * The page's end of the learner's tools: the tool editor's commands, the watchdog told of each
 * registration, and the files offered by someone else's link, which wait for the learner's yes. A shared
 * tool never runs on arrival: it is code from a stranger, and though its sandbox keeps it from the network
 * and this browser's storage, it could still change or delete any file of the workspace.
 */
import type { LearnerToolEntry } from "@agent/events";
import { createStore, immediate } from "@state/store";
import type { LearnerToolsHandle } from "@ui/session-context";
import type { SessionHost } from "../worker-client";
import { TOOL_TEMPLATES } from "./templates";
import type { Watchdog } from "./watchdog";

export function createLearnerToolsHandle(deps: {
  host: Pick<SessionHost, "send" | "request">;
  watchdog: Pick<Watchdog, "registering">;
}): LearnerToolsHandle {
  const { host, watchdog } = deps;
  const offers = createStore<readonly LearnerToolEntry[]>([], immediate);
  const register = (source: string, replace = false) => {
    watchdog.registering(source);
    host.send({ type: "register_tool", source, ...(replace ? { replace } : {}) });
  };
  const without = (name: string) => offers.getSnapshot().filter((t) => t.name !== name);
  return {
    check: (source) => host.request({ type: "compile_tool", source }),
    register,
    remove: (name) => host.send({ type: "remove_tool", name }),
    offers,
    templates: TOOL_TEMPLATES,
    offer(tools) {
      const names = new Set(tools.map((t) => t.name));
      offers.set([...offers.getSnapshot().filter((t) => !names.has(t.name)), ...tools]);
    },
    accept(name) {
      const tool = offers.getSnapshot().find((t) => t.name === name);
      if (!tool) return;
      offers.set(without(name));
      register(tool.source, tool.replaces !== undefined);
    },
    acceptAll() {
      const all = offers.getSnapshot();
      offers.set([]);
      for (const tool of all) register(tool.source, tool.replaces !== undefined);
    },
    dismiss(name) {
      offers.set(without(name));
    },
  };
}
