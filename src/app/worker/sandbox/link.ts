/**
 * The host's end of the sandbox: where a session (or an exercise) sends the learner's compiled code to
 * run, and what it gets back: definitions whose execute is a call into the sandbox, or a module whose
 * functions are. The sandbox is asked for on first use (`connect`: in the browser the page starts a
 * sandboxed iframe and hands over a port; in Node an in-process one), so a session with no tool of the
 * learner's never starts one.
 */
import type { AnyToolDefinition, ToolContext } from "@core/tools/types";
import type { ToolDiagnostic } from "../../common/learner-tools/diagnostics";
import type { SandboxCalls, ToolMeta } from "../../common/sandbox/protocol";
import { type PortLike, RpcPeer } from "../../common/sandbox/rpc";
import { builtinMetas, createHostServices, type SandboxEnv } from "./services";

/** Where a host gets a port to a fresh sandbox. */
export type SandboxConnector = () => Promise<PortLike>;

type Answer<K extends keyof SandboxCalls> = SandboxCalls[K]["answer"];

export type LoadedTools =
  | { ok: true; file: number; definitions: AnyToolDefinition[] }
  | { ok: false; diagnostics: ToolDiagnostic[] };

export type LoadedModule =
  | { ok: true; exports: Record<string, unknown> }
  | { ok: false; diagnostics: ToolDiagnostic[] };

export class SandboxLink {
  private peer: Promise<RpcPeer> | undefined;
  /** the nested-call runners of the learner's calls now running, by call id (pi 1.6.0) */
  private readonly running = new Map<string, NonNullable<ToolContext["executeTool"]>>();
  /** passes on the mutation-queue turns the sandbox holds */
  private released: () => void = () => {};

  constructor(
    private readonly connect: SandboxConnector,
    private readonly env: SandboxEnv,
  ) {}

  private channel(): Promise<RpcPeer> {
    this.peer ??= this.connect().then((port) => {
      const services = createHostServices(this.env, (id) => this.running.get(id));
      const peer = new RpcPeer(port, services.handlers);
      // Node keeps a process alive while a port listens; a test's session must not hold the run open.
      (port as { unref?: () => void }).unref?.();
      this.released = () => services.releaseAll();
      return peer;
    });
    return this.peer;
  }

  /** Runs a compiled tool file in the sandbox; on success, its tools as the session can call them. */
  async loadTool(code: string, builtins: readonly string[], replace: boolean): Promise<LoadedTools> {
    const peer = await this.channel();
    const tools = builtinMetas(this.env);
    const root = this.env.workspace().root;
    const answer = await peer.call<Answer<"load_tool">>("load_tool", {
      code,
      root,
      builtins,
      replace,
      tools,
    });
    if (!answer.ok) return answer;
    const definitions = answer.tools.map((meta) => remoteDefinition(peer, answer.file, meta, this.running));
    return { ok: true, file: answer.file, definitions };
  }

  /** Forgets a loaded file in the sandbox (its tools were replaced or removed). */
  drop(file: number) {
    void this.peer?.then((peer) => peer.call("drop", { file }).catch(() => {}));
  }

  /** Runs a compiled exercise module in the sandbox; its functions become calls into it. */
  async loadModule(code: string): Promise<LoadedModule> {
    const peer = await this.channel();
    const root = this.env.workspace().root;
    const answer = await peer.call<Answer<"load_module">>("load_module", { code, root });
    if (!answer.ok) return answer;
    const exports: Record<string, unknown> = { ...answer.values };
    for (const name of answer.functions)
      exports[name] = (...args: unknown[]) => peer.call("call_export", { module: answer.module, name, args });
    return { ok: true, exports };
  }

  /** The sandbox is gone (the page dropped it): calls in flight fail with `reason`, held turns pass on. */
  close(reason: Error) {
    void this.peer?.then((peer) => peer.close(reason));
    this.released();
  }
}

/** A learner's tool as the session declares and calls it: its execute is a call into the sandbox. */
function remoteDefinition(
  peer: RpcPeer,
  file: number,
  meta: ToolMeta,
  running: Map<string, NonNullable<ToolContext["executeTool"]>>,
): AnyToolDefinition {
  return {
    ...meta,
    execute: (toolCallId, params, signal, onUpdate, ctx) => {
      const cwd = ctx?.cwd ?? "/";
      // The sandbox asks for a nested call by this call's id while it runs (services.ts execute_tool).
      const nested = ctx?.executeTool ? { tools: ctx.tools ?? [] } : undefined;
      if (ctx?.executeTool) running.set(toolCallId, ctx.executeTool);
      const local = new AbortController();
      const stop = () => local.abort(signal?.reason);
      if (signal?.aborted) stop();
      else signal?.addEventListener("abort", stop, { once: true });
      return new Promise((resolve, reject) => {
        peer
          .call(
            "execute",
            { file, tool: meta.name, toolCallId, params, cwd, ...(nested ? { nested } : {}) },
            {
              signal: local.signal,
              onUpdate: (partial) => {
                // A partial the session refuses (guard.ts) ends the call with the reason, as a throw from
                // onUpdate ends it in pi; the sandbox is told to stop.
                try {
                  onUpdate?.(partial as never);
                } catch (error) {
                  reject(error);
                  local.abort();
                }
              },
            },
          )
          .then(resolve as (value: unknown) => void, reject)
          .finally(() => {
            signal?.removeEventListener("abort", stop);
            running.delete(toolCallId);
          });
      });
    },
  } as AnyToolDefinition;
}
