/**
 * What a learner's file may import, answered by a `require` map (sucrase turns each `import` into a
 * `require` call). The names are pi's own, so a file written here runs in pi too: there the same imports
 * reach the real disk, here they reach the workspace, and only through the host: node:fs/promises,
 * withFileMutationQueue and the built-in tools' definitions are calls across the sandbox channel.
 */

import { LEARNER_IMPORTS } from "@core/learner-imports";
import {
  basenamePath,
  dirnamePath,
  isAbsolutePath,
  joinPath,
  normalizeAbsolute,
  relativePath,
  resolvePath,
} from "@core/path-utils";
import * as typebox from "typebox";
import { Type } from "typebox";
import { BUILTIN_TOOLS, type ToolMeta } from "../common/sandbox/protocol";
import type { RpcPeer } from "../common/sandbox/rpc";
import { createRemoteFs } from "./remote-fs";

export interface ModuleEnv {
  peer(): RpcPeer;
  /** the workspace root, where `path.resolve` starts (the host says it with each load) */
  root(): string;
  /** the built-in tools' definitions as the host declares them (without their functions) */
  builtins(): ReadonlyMap<string, ToolMeta>;
}

/**
 * pi-ai 1.6.0 (the `@earendil-works` scope) no longer exports `Type`: a file that reaches for it is told
 * where it lives now, at the line that uses it, instead of calling `undefined`.
 */
function piAi16() {
  return {
    StringEnum,
    get Type(): never {
      throw new Error(
        'pi-ai 1.6.0 ("@earendil-works/pi-ai") has no Type: import { Type } from "typebox", as pi 1.6.0\'s tools do.',
      );
    },
  };
}

/** pi-ai's StringEnum: a string schema with `enum`, which every provider accepts (TypeBox's Union is anyOf). */
function StringEnum(values: readonly string[], options?: { description?: string; default?: string }) {
  return Type.Unsafe<string>({
    type: "string",
    enum: values,
    ...(options?.description ? { description: options.description } : {}),
    ...(options?.default ? { default: options.default } : {}),
  });
}

function holdsFunction(value: unknown, depth = 0): boolean {
  if (typeof value === "function") return true;
  if (typeof value !== "object" || value === null || depth > 8) return false;
  return Object.values(value).some((v) => holdsFunction(v, depth + 1));
}

/**
 * `create<Tool>ToolDefinition(cwd, options?)` as pi exports it: the built-in's definition, whose execute
 * the host runs over the workspace's Operations. Options cross as data, so custom Operations (functions)
 * are refused with the reason.
 */
function toolFactory(env: ModuleEnv, name: string) {
  const exported = `create${name[0].toUpperCase()}${name.slice(1)}ToolDefinition`;
  return (cwd: string, options?: object) => {
    if (holdsFunction(options))
      throw new Error(
        `${exported}: options with functions (custom Operations, hooks) are not available in the playground: the built-in runs in the session, which your code reaches only by messages.`,
      );
    const meta = env.builtins().get(name);
    if (!meta) throw new Error(`${exported}: the session has no ${name} tool to build on.`);
    return {
      ...structuredClone(meta),
      execute: (
        toolCallId: string,
        params: unknown,
        signal?: AbortSignal,
        onUpdate?: (partial: unknown) => void,
      ) =>
        env
          .peer()
          .call(
            "builtin",
            { tool: name, cwd, options: options ?? {}, toolCallId, params },
            { signal, onUpdate: (partial) => onUpdate?.(partial) },
          ),
    };
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
    resolve: (...segments: string[]) => resolvePath(env.root(), ...segments),
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

/** withFileMutationQueue: a turn in the host's queue (so its waits show on the timeline), held while fn runs. */
function mutationQueue(env: ModuleEnv) {
  return async <T>(path: string, fn: () => Promise<T>): Promise<T> => {
    const lock = await env.peer().call<number>("lock", { path: resolvePath(env.root(), path) });
    try {
      return await fn();
    } finally {
      env
        .peer()
        .call("unlock", { lock })
        .catch(() => {});
    }
  };
}

export function createModules(env: ModuleEnv): Record<string, unknown> {
  const codingAgent: Record<string, unknown> = {
    defineTool: <T>(definition: T) => definition,
    withFileMutationQueue: mutationQueue(env),
  };
  for (const name of BUILTIN_TOOLS)
    codingAgent[`create${name[0].toUpperCase()}${name.slice(1)}ToolDefinition`] = toolFactory(env, name);
  const fs = createRemoteFs(() => env.peer());
  const path = pathModule(env);
  return {
    typebox: { ...typebox, default: typebox },
    "@mariozechner/pi-ai": { Type, StringEnum },
    "@mariozechner/pi-coding-agent": codingAgent,
    // pi 1.6.0's scope; pi 1.6.0 itself maps the older names to the same modules, and so does the playground.
    "@earendil-works/pi-ai": piAi16(),
    "@earendil-works/pi-coding-agent": codingAgent,
    "node:fs/promises": fs,
    "fs/promises": fs,
    "node:path": path,
    path,
  };
}

/** The `require` a learner's file runs with: the map above, and a clear refusal for anything else. */
export function createRequire(modules: Record<string, unknown>) {
  return (specifier: string): unknown => {
    if (Object.hasOwn(modules, specifier)) return modules[specifier];
    throw new ImportRefused(specifier);
  };
}

class ImportRefused extends Error {
  constructor(readonly specifier: string) {
    super(`Cannot import "${specifier}": a playground tool can import ${LEARNER_IMPORTS.join(", ")}.`);
  }
}
