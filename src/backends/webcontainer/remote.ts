/**
 * A WebContainer booted on the page, used from the session worker. The client library needs a window
 * (it adds an iframe), so the page boots the container and serves it over a MessagePort
 * (src/app/webcontainer-host.ts); this is the worker's end, with the same shape as the real thing. It
 * carries the seven fs calls but watch (the backend does not use it), spawn with its output stream,
 * exit and kill, and mount. Errors arrive as messages only, as the real client gives them.
 */
import type { FileSystemAPI, FileSystemTree, SpawnOptions, WebContainerProcess } from "@webcontainer/api";
import type { WebContainerLike } from "./types";

/** Page → worker. */
export type HostMessage =
  | { type: "hello"; workdir: string }
  | { type: "reply"; id: number; result?: unknown; error?: string }
  | { type: "output"; pid: number; text: string }
  | { type: "exit"; pid: number; code: number };

/** Worker → page. */
export type ClientMessage =
  | { type: "fs"; id: number; method: string; args: unknown[] }
  | { type: "spawn"; id: number; command: string; args: string[]; options: SpawnOptions }
  | { type: "kill"; pid: number }
  | { type: "mount"; id: number; tree: FileSystemTree };

export const REMOTE_FS_METHODS = ["readFile", "writeFile", "readdir", "mkdir", "rm", "rename"] as const;

interface PortLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export function connectRemoteWebContainer(port: PortLike): Promise<WebContainerLike> {
  let next = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const processes = new Map<number, { push(text: string): void; end(code: number): void }>();
  const call = (message: ClientMessage & { id: number }) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.set(message.id, { resolve, reject });
      port.postMessage(message);
    });
  return new Promise((ready) => {
    port.onmessage = (event: MessageEvent<HostMessage>) => {
      const m = event.data;
      if (m.type === "hello") ready(container(m.workdir));
      else if (m.type === "reply") {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error !== undefined) w?.reject(new Error(m.error));
        else w?.resolve(m.result);
      } else if (m.type === "output") processes.get(m.pid)?.push(m.text);
      else if (m.type === "exit") processes.get(m.pid)?.end(m.code);
    };
  });

  function container(workdir: string): WebContainerLike {
    const fs = Object.fromEntries(
      REMOTE_FS_METHODS.map((method) => [
        method,
        (...args: unknown[]) => call({ type: "fs", id: ++next, method, args }),
      ]),
    ) as unknown as FileSystemAPI;
    const readdir = fs.readdir as (...args: unknown[]) => Promise<unknown[]>;
    // DirEnts travel as plain data (a message cannot carry methods) and are rebuilt with the two methods.
    fs.readdir = (async (...args: unknown[]) =>
      (await readdir(...args)).map((entry) => {
        if (typeof entry !== "object" || entry === null || !("file" in entry)) return entry;
        const { name, file, directory } = entry as { name: string; file: boolean; directory: boolean };
        return { name, isFile: () => file, isDirectory: () => directory };
      })) as FileSystemAPI["readdir"];
    fs.watch = () => {
      throw new Error("watch is not carried to the session worker");
    };
    const spawn = async (command: string, a?: string[] | SpawnOptions, b?: SpawnOptions) => {
      const args = Array.isArray(a) ? a : [];
      const options = (Array.isArray(a) ? b : a) ?? {};
      const pid = (await call({ type: "spawn", id: ++next, command, args, options })) as number;
      let push: (text: string) => void = () => {};
      let close: () => void = () => {};
      // The reader may cancel the stream (an abort or a timeout stops reading) before the process's exit
      // arrives; output or an exit after that has nowhere to go and must not throw in the port's handler.
      let open = true;
      const output = new ReadableStream<string>({
        start(controller) {
          push = (text) => {
            if (open) controller.enqueue(text);
          };
          close = () => {
            if (!open) return;
            open = false;
            controller.close();
          };
        },
        cancel() {
          open = false;
        },
      });
      const exit = new Promise<number>((resolve) => {
        processes.set(pid, {
          push: (text) => push(text),
          end: (code) => {
            processes.delete(pid);
            close();
            resolve(code);
          },
        });
      });
      const process: WebContainerProcess = {
        exit,
        output,
        input: new WritableStream<string>(),
        kill: () => port.postMessage({ type: "kill", pid } satisfies ClientMessage),
        resize: () => {},
      };
      return process;
    };
    return {
      fs,
      spawn: spawn as WebContainerLike["spawn"],
      mount: async (tree) => {
        await call({ type: "mount", id: ++next, tree: tree as FileSystemTree });
      },
      get workdir() {
        return workdir;
      },
    };
  }
}

/** The page's end: answers a worker's calls on `container` (the real one, or a fake in tests). */
export function serveWebContainer(container: WebContainerLike, port: PortLike): void {
  let nextPid = 0;
  const running = new Map<number, WebContainerProcess>();
  const reply = (id: number, work: () => Promise<unknown>) =>
    work().then(
      (result) => port.postMessage({ type: "reply", id, result } satisfies HostMessage),
      (error: unknown) =>
        port.postMessage({
          type: "reply",
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies HostMessage),
    );
  port.onmessage = (event: MessageEvent<ClientMessage>) => {
    const m = event.data;
    if (m.type === "fs") {
      if (!(REMOTE_FS_METHODS as readonly string[]).includes(m.method))
        return void reply(m.id, () => Promise.reject(new Error(`not a file system call: ${m.method}`)));
      const fs = container.fs as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return void reply(m.id, async () => {
        const result = await fs[m.method](...m.args);
        // DirEnts are objects with methods, which a message cannot carry: sent as plain data, rebuilt there.
        return Array.isArray(result) && result.some((r) => typeof r === "object" && r && "isFile" in r)
          ? result.map((r: { name: unknown; isFile(): boolean; isDirectory(): boolean }) => ({
              name: r.name,
              file: r.isFile(),
              directory: r.isDirectory(),
            }))
          : result;
      });
    }
    if (m.type === "spawn")
      return void reply(m.id, async () => {
        const pid = ++nextPid;
        const process = await container.spawn(m.command, m.args, m.options);
        running.set(pid, process);
        const piped = process.output
          .pipeTo(
            new WritableStream({
              write: (text) => port.postMessage({ type: "output", pid, text } satisfies HostMessage),
            }),
          )
          .catch(() => {});
        // The exit goes after the output it follows; a killed process's stream may never end, hence the cap.
        const drained = () => Promise.race([piped, new Promise((r) => setTimeout(r, 200))]);
        void process.exit.then(async (code) => {
          await drained();
          running.delete(pid);
          port.postMessage({ type: "exit", pid, code } satisfies HostMessage);
        });
        return pid;
      });
    if (m.type === "kill") return running.get(m.pid)?.kill();
    if (m.type === "mount") return void reply(m.id, () => container.mount(m.tree));
  };
  port.postMessage({ type: "hello", workdir: container.workdir } satisfies HostMessage);
}
