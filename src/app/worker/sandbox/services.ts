/**
 * What the host answers when the sandbox asks for the workspace: a node:fs/promises method on the
 * volume, a built-in tool's run over the workspace's Operations, a turn in the file mutation queue. This
 * is the whole of what a learner's code can reach of this thread.
 *
 * The workspace is looked up at each call, not captured: a reset or a scenario gives the session a new
 * volume, and a tool registered before must work on the new one, as a built-in does after a reset.
 */
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { type FileMutationQueue, withFileMutationQueue } from "@core/file-mutation-queue";
import { createToolDefinition, type ToolsOptions } from "@core/tools/index";
import type { ToolContext } from "@core/tools/types";
import { encodeFsValue } from "../../common/sandbox/fs-values";
import {
  BUILTIN_TOOLS,
  FS_METHODS,
  type HostCalls,
  type ToolMeta,
  toolMeta,
} from "../../common/sandbox/protocol";
import type { Handler } from "../../common/sandbox/rpc";

export interface SandboxEnv {
  workspace(): MemfsWorkspace;
  queue(): FileMutationQueue;
  /** the built-ins' options over the current workspace (their Operations and the session's queue) */
  toolOptions(): ToolsOptions;
}

type Args<K extends keyof HostCalls> = HostCalls[K]["args"];

const FS_ALLOWED = new Set<string>(FS_METHODS);

/** The built-ins as the sandbox's create<Tool>ToolDefinition returns them (their execute runs here). */
export function builtinMetas(env: SandboxEnv): ToolMeta[] {
  const options = env.toolOptions();
  const root = env.workspace().root;
  return BUILTIN_TOOLS.map((name) => toolMeta(createToolDefinition(name, root, options)));
}

/**
 * `nestedOf` finds the nested-call runner of a learner's call still running (link.ts registers it while
 * the call runs under pi 1.6.0).
 */
export function createHostServices(
  env: SandboxEnv,
  nestedOf: (toolCallId: string) => ToolContext["executeTool"] = () => undefined,
) {
  /** turns in the mutation queue the sandbox holds: lock id → release */
  const held = new Map<number, () => void>();
  let locks = 0;

  const fs: Handler = async (args: Args<"fs">) => {
    if (!FS_ALLOWED.has(args.method))
      throw new Error(`fs.${args.method} is not available in the playground.`);
    const api = env.workspace().fs.promises as unknown as Record<string, (...a: unknown[]) => unknown>;
    return encodeFsValue(await api[args.method](...args.args));
  };

  const builtin: Handler = async (args: Args<"builtin">, context) => {
    const name = args.tool as keyof ToolsOptions;
    const defaults = env.toolOptions();
    const options = { ...defaults, [name]: { ...defaults[name], ...(args.options as object) } };
    const definition = createToolDefinition(name, args.cwd, options as ToolsOptions);
    return await definition.execute(
      args.toolCallId,
      args.params as never,
      context.signal,
      (partial) => context.update(partial),
      { cwd: args.cwd },
    );
  };

  const execute_tool: Handler = async (args: Args<"execute_tool">, context) => {
    const run = nestedOf(args.toolCallId);
    if (!run)
      throw new Error(
        `ctx.executeTool was called after the call ${args.toolCallId} ended; call it while execute runs (await it).`,
      );
    return await run(args.name, args.args, {
      signal: context.signal,
      onUpdate: (partial) => context.update(partial),
    });
  };

  const lock: Handler = (args: Args<"lock">, context) =>
    new Promise<number>((resolve, reject) => {
      const id = ++locks;
      void withFileMutationQueue(
        args.path,
        () =>
          new Promise<void>((release) => {
            // The sandbox went away while it waited: its turn passes at once.
            if (context.signal.aborted) return release();
            held.set(id, release);
            resolve(id);
          }),
        env.queue(),
      ).catch(reject);
    });

  const unlock: Handler = (args: Args<"unlock">) => {
    held.get(args.lock)?.();
    held.delete(args.lock);
  };

  return {
    handlers: { fs, builtin, execute_tool, lock, unlock } satisfies Record<keyof HostCalls, Handler>,
    /** the sandbox is gone: the turns it held pass on, so the queue does not wait for it forever */
    releaseAll() {
      for (const release of held.values()) release();
      held.clear();
    },
  };
}
