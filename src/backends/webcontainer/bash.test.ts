import { utf8Decode } from "@core/bytes";
import type { WebContainerProcess } from "@webcontainer/api";
import { describe, expect, it } from "vitest";
import { createWebContainerBashOperations } from "./bash";
import { ContainerFs } from "./container-fs";
import { FakeWebContainer } from "./fake";
import type { WebContainerLike } from "./types";

/** A container whose one process prints `chunks` one every 20 ms, then exits with `code` (unless killed). */
async function streaming(chunks: string[], code = 0) {
  // A file system for a hand-made container, not a boot: each test builds its own.
  const fake = new FakeWebContainer();
  await fake.fs.mkdir("src", { recursive: true });
  const spawned: { command: string; args: string[]; cwd?: string; killed: boolean }[] = [];
  const container: WebContainerLike = {
    fs: fake.fs,
    mount: fake.mount.bind(fake),
    workdir: fake.workdir,
    spawn: (async (command: string, args: string[], options?: { cwd?: string }) => {
      const record = { command, args, cwd: options?.cwd, killed: false };
      spawned.push(record);
      let finish: (code: number) => void = () => {};
      const exit = new Promise<number>((resolve) => {
        finish = resolve;
      });
      const output = new ReadableStream<string>({
        async start(controller) {
          for (const chunk of chunks) {
            await new Promise((r) => setTimeout(r, 20));
            if (record.killed) return;
            controller.enqueue(chunk);
          }
          controller.close();
          finish(code);
        },
      });
      const process: WebContainerProcess = {
        exit,
        output,
        input: new WritableStream(),
        kill: () => {
          record.killed = true;
        },
        resize: () => {},
      };
      return process;
    }) as WebContainerLike["spawn"],
  };
  const cfs = new ContainerFs(container, "/workspace", fake.volume.fs);
  return { ops: createWebContainerBashOperations(cfs), spawned };
}

describe("bash on a WebContainer", () => {
  it("runs jsh -c in the workdir-relative cwd and streams each chunk as it arrives, CRLF made LF", async () => {
    const { ops, spawned } = await streaming(["one\r\n", "two\r\n"], 4);
    const seen: { at: number; text: string }[] = [];
    const started = Date.now();
    const result = await ops.exec("make all", "/workspace/src", {
      onData: (d) => seen.push({ at: Date.now() - started, text: utf8Decode(d) }),
    });
    expect(result).toEqual({ exitCode: 4 });
    expect(seen.map((s) => s.text)).toEqual(["one\n", "two\n"]);
    expect(seen[1].at).toBeGreaterThan(seen[0].at);
    expect(spawned[0]).toMatchObject({ command: "jsh", args: ["-c", "make all"], cwd: "src" });
    expect(ops.streamsOutput).toBe(true);
  });

  it("an abort kills the process, rejects with 'aborted' and keeps what was printed before", async () => {
    const { ops, spawned } = await streaming(["before\r\n", "x", "x", "x", "x", "after\r\n"]);
    const controller = new AbortController();
    const seen: string[] = [];
    const running = ops.exec("long", "/workspace", {
      onData: (d) => {
        seen.push(utf8Decode(d));
        if (seen.length === 1) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(running).rejects.toThrow(/^aborted$/);
    expect(seen).toEqual(["before\n"]);
    expect(spawned[0].killed).toBe(true);
  });

  it("a timeout kills the process and rejects with timeout:<secs>, output so far kept", async () => {
    const { ops, spawned } = await streaming(["early\r\n", ...Array(50).fill("."), "late"]);
    const seen: string[] = [];
    await expect(
      ops.exec("slow", "/workspace", { onData: (d) => seen.push(utf8Decode(d)), timeout: 0.1 }),
    ).rejects.toThrow(/^timeout:0.1$/);
    expect(seen[0]).toBe("early\n");
    expect(seen).not.toContain("late");
    expect(spawned[0].killed).toBe(true);
  });
});
