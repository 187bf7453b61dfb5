/**
 * The sandbox's end of the channel: it loads the learner's files, keeps what they define, and runs it
 * when the host asks. Whatever the code reaches of the workspace, it reaches through the host's answers
 * (modules.ts); the sandbox itself has no storage and no network (docs/learner-tools.md). The same code
 * runs in the browser's sandboxed worker and, for Node's tests and scenario runner, in-process.
 */
import { checkDefinition } from "../common/learner-tools/check-definition";
import type { ToolDiagnostic } from "../common/learner-tools/diagnostics";
import { resultProblem, shapeError } from "../common/learner-tools/result-shape";
import { type SandboxCalls, type ToolMeta, toolMeta } from "../common/sandbox/protocol";
import { type Handler, type PortLike, RpcPeer } from "../common/sandbox/rpc";
import { evaluateToolFile, loadModuleFile } from "./evaluate";
import { createModules, createRequire } from "./modules";

type Args<K extends keyof SandboxCalls> = SandboxCalls[K]["args"];
type Answer<K extends keyof SandboxCalls> = SandboxCalls[K]["answer"];

interface LearnerDefinition extends ToolMeta {
  execute(
    toolCallId: string,
    params: unknown,
    signal: AbortSignal,
    onUpdate: (partial: unknown) => void,
    ctx: SandboxToolContext,
  ): unknown;
}

/** What a learner's execute gets as `ctx`: the call's folder, and under pi 1.6.0 its nested calls. */
interface SandboxToolContext {
  cwd: string;
  tools?: readonly string[];
  executeTool?: (
    name: string,
    args: unknown,
    options?: { signal?: AbortSignal; onUpdate?: (partial: unknown) => void },
  ) => Promise<unknown>;
}

export function serveSandbox(port: PortLike): RpcPeer {
  let root = "/";
  let builtins = new Map<string, ToolMeta>();
  let nextId = 0;
  const files = new Map<number, Map<string, LearnerDefinition>>();
  const modules = new Map<number, Record<string, unknown>>();
  const require = createRequire(
    createModules({ peer: () => peer, root: () => root, builtins: () => builtins }),
  );

  const loadTool = async (args: Args<"load_tool">): Promise<Answer<"load_tool">> => {
    root = args.root;
    builtins = new Map(args.tools.map((t) => [t.name, t]));
    const evaluated = await evaluateToolFile(args.code, require);
    if (!evaluated.ok) return evaluated;
    const diagnostics: ToolDiagnostic[] = evaluated.definitions.flatMap((d) =>
      checkDefinition(d, args.builtins, args.replace),
    );
    const definitions = evaluated.definitions as LearnerDefinition[];
    const names = definitions.map((d) => d.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) diagnostics.push({ code: "definition", message: `The file registers "${twice}" twice.` });
    if (diagnostics.length > 0) return { ok: false, diagnostics };
    const tools = definitions.map(toolMeta);
    try {
      structuredClone(tools);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const message = `The definition cannot be sent to the session (${detail}): its parameters, guidelines and texts must be plain data.`;
      return { ok: false, diagnostics: [{ code: "definition", message }] };
    }
    const file = ++nextId;
    files.set(file, new Map(definitions.map((d) => [d.name, d])));
    return { ok: true, file, tools };
  };

  const execute: Handler = async (args: Args<"execute">, context) => {
    const d = files.get(args.file)?.get(args.tool);
    if (!d) throw new Error(`The sandbox has no tool ${args.tool} loaded: register it again.`);
    root = args.cwd;
    // A malformed partial result throws where the tool gave it, as it would from the session's guard.
    const onUpdate = (partial: unknown) => {
      const problem = resultProblem(partial);
      if (problem) throw shapeError(d.name, problem, "update (onUpdate)");
      context.update(partial);
    };
    const ctx: SandboxToolContext = { cwd: args.cwd };
    if (args.nested) {
      ctx.tools = args.nested.tools;
      ctx.executeTool = (name, nestedArgs, options = {}) =>
        peer.call(
          "execute_tool",
          { toolCallId: args.toolCallId, name, args: nestedArgs },
          {
            signal: options.signal ?? context.signal,
            ...(options.onUpdate ? { onUpdate: options.onUpdate } : {}),
          },
        );
    }
    return await d.execute(args.toolCallId, args.params, context.signal, onUpdate, ctx);
  };

  const loadModule = async (args: Args<"load_module">): Promise<Answer<"load_module">> => {
    root = args.root;
    const loaded = loadModuleFile(args.code, require);
    if (!loaded.ok) return loaded;
    const module = ++nextId;
    modules.set(module, loaded.exports);
    const functions: string[] = [];
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(loaded.exports)) {
      if (typeof value === "function") functions.push(name);
      else
        try {
          values[name] = structuredClone(value);
        } catch {
          // An export that cannot be copied is not something a test reads.
        }
    }
    return { ok: true, module, functions, values };
  };

  const callExport: Handler = async (args: Args<"call_export">) => {
    const fn = modules.get(args.module)?.[args.name];
    if (typeof fn !== "function") throw new Error(`${args.name} is not a function of the loaded file.`);
    return await fn(...args.args);
  };

  const peer: RpcPeer = new RpcPeer(port, {
    load_tool: loadTool,
    execute,
    drop: (args: Args<"drop">) => void files.delete(args.file),
    load_module: loadModule,
    call_export: callExport,
  });
  return peer;
}
