/**
 * What a learner's tool file may import, answered by a `require` map (sucrase turns each `import` into a
 * `require` call). The names are pi's own, so a file written here runs in pi too: there the same imports
 * reach the real disk, here they reach the session's workspace and mutation queue.
 *
 * The workspace is looked up at each use, not captured: a reset or a scenario gives the session a new
 * volume, and a tool registered before must work on the new one, as a built-in does after a reset.
 */
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { type FileMutationQueue, withFileMutationQueue } from "@core/file-mutation-queue";
import {
  basenamePath,
  dirnamePath,
  isAbsolutePath,
  joinPath,
  normalizeAbsolute,
  relativePath,
  resolvePath,
} from "@core/path-utils";
import { createToolDefinition, type ToolsOptions } from "@core/tools/index";
import * as typebox from "typebox";
import { Type } from "typebox";

export interface ModuleEnv {
  workspace(): MemfsWorkspace;
  queue(): FileMutationQueue;
  /** the built-ins' options over the current workspace (their Operations and the session's queue) */
  toolOptions(): ToolsOptions;
}

export const ALLOWED_IMPORTS = [
  "typebox",
  "@mariozechner/pi-ai",
  "@mariozechner/pi-coding-agent",
  "node:fs/promises",
  "node:path",
] as const;

/** pi-ai's StringEnum: a string schema with `enum`, which every provider accepts (TypeBox's Union is anyOf). */
function StringEnum(values: readonly string[], options?: { description?: string; default?: string }) {
  return Type.Unsafe<string>({
    type: "string",
    enum: values,
    ...(options?.description ? { description: options.description } : {}),
    ...(options?.default ? { default: options.default } : {}),
  });
}

/** `create<Tool>ToolDefinition(cwd, options?)` as pi exports it; without options, the workspace's own. */
function toolFactory(env: ModuleEnv, name: string) {
  return (cwd: string, options?: Partial<ToolsOptions[keyof ToolsOptions]>) => {
    const defaults = env.toolOptions();
    const key = name as keyof ToolsOptions;
    return createToolDefinition(name, cwd, {
      ...defaults,
      [key]: { ...defaults[key], ...(options ?? {}) },
    } as ToolsOptions);
  };
}

/** node:path's POSIX half, as tools use it; resolve() starts from the workspace, the session's cwd. */
function pathModule(env: ModuleEnv) {
  const extname = (p: string) => {
    const base = basenamePath(p);
    const dot = base.lastIndexOf(".");
    return dot > 0 ? base.slice(dot) : "";
  };
  const path = {
    sep: "/",
    delimiter: ":",
    join: joinPath,
    resolve: (...segments: string[]) => resolvePath(env.workspace().root, ...segments),
    normalize: (p: string) => (isAbsolutePath(p) ? normalizeAbsolute(p) : joinPath(p)),
    dirname: dirnamePath,
    basename: (p: string, ext?: string) => {
      const base = basenamePath(p);
      return ext && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
    },
    extname,
    relative: relativePath,
    isAbsolute: isAbsolutePath,
  };
  return { ...path, posix: path, default: path };
}

/** fs/promises over whatever volume the session has at the time of the call. */
function fsPromises(env: ModuleEnv): object {
  return new Proxy(
    {},
    {
      get(_target, prop) {
        const api = env.workspace().fs.promises as unknown as Record<PropertyKey, unknown>;
        const value = api[prop];
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(api) : value;
      },
    },
  );
}

export function createModules(env: ModuleEnv): Record<string, unknown> {
  const codingAgent = {
    defineTool: <T>(definition: T) => definition,
    withFileMutationQueue: <T>(path: string, fn: () => Promise<T>) =>
      withFileMutationQueue(path, fn, env.queue()),
    createReadToolDefinition: toolFactory(env, "read"),
    createBashToolDefinition: toolFactory(env, "bash"),
    createEditToolDefinition: toolFactory(env, "edit"),
    createWriteToolDefinition: toolFactory(env, "write"),
    createGrepToolDefinition: toolFactory(env, "grep"),
    createFindToolDefinition: toolFactory(env, "find"),
    createLsToolDefinition: toolFactory(env, "ls"),
  };
  const fs = fsPromises(env);
  const path = pathModule(env);
  return {
    typebox: { ...typebox, default: typebox },
    "@mariozechner/pi-ai": { Type, StringEnum },
    "@mariozechner/pi-coding-agent": codingAgent,
    "node:fs/promises": fs,
    "fs/promises": fs,
    "node:path": path,
    path,
  };
}

/** The `require` a tool file runs with: the map above, and a clear refusal for anything else. */
export function createRequire(modules: Record<string, unknown>) {
  return (specifier: string): unknown => {
    if (Object.hasOwn(modules, specifier)) return modules[specifier];
    throw new ImportRefused(specifier);
  };
}

export class ImportRefused extends Error {
  constructor(readonly specifier: string) {
    super(`Cannot import "${specifier}": a playground tool can import ${ALLOWED_IMPORTS.join(", ")}.`);
  }
}
