/**
 * For the faulty disk's tests: the seven tools over a fresh memfs workspace, wrapped by a plan, and a
 * call that ends as the pipeline ends it (a throw becomes an error result with the throw's text).
 */
import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace, type FilesMap, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createFileMutationQueue, type FileMutationQueue } from "@core/file-mutation-queue";
import { createAllToolDefinitions } from "@core/tools/index";
import type { AnyToolDefinition } from "@core/tools/types";
import type { FaultRule } from "./plan";
import { type FaultHooks, type InjectedFault, withFaults } from "./wrap";

export const FILES: FilesMap = {
  "README.md": "# demo\n",
  "package.json": '{ "name": "demo" }\n',
  "src/a.ts": "export const a = 1;\n",
  "src/b.ts": "export const b = 2;\n",
  "notes/todo.txt": "one\ntwo\n",
};

export interface Rig {
  ws: MemfsWorkspace;
  tools: Record<string, AnyToolDefinition>;
  faults: InjectedFault[];
  queue: FileMutationQueue;
  call(tool: string, args: unknown, signal?: AbortSignal): Promise<{ text: string; isError: boolean }>;
}

export function rig(
  rules: FaultRule[] | null,
  options: { files?: FilesMap; ws?: MemfsWorkspace; queue?: FileMutationQueue; hooks?: FaultHooks } = {},
): Rig {
  const ws = options.ws ?? createMemfsWorkspace(options.files ?? FILES);
  const queue = options.queue ?? createFileMutationQueue();
  const faults: InjectedFault[] = [];
  const base = createMemfsToolOptions(ws, { mutationQueue: queue });
  const wrapped =
    rules === null
      ? base
      : withFaults(base, { root: ws.root, rules }, { onFault: (f) => faults.push(f), ...options.hooks });
  const tools = createAllToolDefinitions(ws.root, wrapped) as Record<string, AnyToolDefinition>;
  return {
    ws,
    tools,
    faults,
    queue,
    async call(tool, args, signal) {
      try {
        const result = await tools[tool].execute("call-1", args as never, signal, undefined, undefined);
        const text = result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");
        return { text, isError: false };
      } catch (error) {
        return { text: error instanceof Error ? error.message : String(error), isError: true };
      }
    },
  };
}

export function fileText(ws: MemfsWorkspace, path: string): string {
  return String(ws.fs.readFileSync(`${ws.root}/${path}`, "utf8"));
}
