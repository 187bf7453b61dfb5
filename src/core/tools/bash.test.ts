import { afterEach, describe, expect, it, vi } from "vitest";
import { utf8Decode, utf8Encode } from "../bytes";
import type { OutputLogOperations } from "../output-accumulator";
import {
  type BashExecOptions,
  type BashOperations,
  type BashToolDetails,
  createBashToolDefinition,
} from "./bash";
import type { AgentToolResult } from "./types";

type Script = (opts: BashExecOptions, command: string, cwd: string) => Promise<{ exitCode: number | null }>;

function setup(script: Script, extra: { commandPrefix?: string; streamsOutput?: boolean } = {}) {
  const logs = new Map<string, string>();
  const calls: { command: string; cwd: string; opts: BashExecOptions }[] = [];
  const operations: BashOperations = {
    streamsOutput: extra.streamsOutput,
    exec: (command, cwd, opts) => {
      calls.push({ command, cwd, opts });
      return script(opts, command, cwd);
    },
  };
  const logOperations: OutputLogOperations = {
    tempDir: "/tmp",
    appendFile: (path, data) => {
      logs.set(path, (logs.get(path) ?? "") + utf8Decode(data));
    },
  };
  const tool = createBashToolDefinition("/work", {
    operations,
    logOperations,
    commandPrefix: extra.commandPrefix,
  });
  const updates: AgentToolResult<BashToolDetails | undefined>[] = [];
  const run = (args: { command: string; timeout?: number }, signal?: AbortSignal) =>
    tool.execute("id", args, signal, (u) => updates.push(u), undefined);
  return { tool, run, calls, logs, updates };
}

const say =
  (text: string, exitCode: number | null = 0): Script =>
  async ({ onData }) => {
    if (text) onData(utf8Encode(text));
    return { exitCode };
  };

async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a rejection");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("bash tool", () => {
  it("has pi's name, snippet and schema", () => {
    const { tool } = setup(say(""));
    expect(tool.name).toBe("bash");
    expect(tool.promptSnippet).toBe("Execute bash commands (ls, grep, find, etc.)");
    expect(Object.keys(tool.parameters.properties)).toEqual(["command", "timeout"]);
    expect(tool.parameters.required).toEqual(["command"]);
  });

  it("returns the output verbatim with no details", async () => {
    const { run, calls } = setup(say("hello world\n"));
    const result = await run({ command: "echo 'hello world'" });
    expect(result).toEqual({ content: [{ type: "text", text: "hello world\n" }], details: undefined });
    expect(calls[0].cwd).toBe("/work");
  });

  it("says (no output) when there is none", async () => {
    const { run } = setup(say(""));
    expect((await run({ command: "true" })).content).toEqual([{ type: "text", text: "(no output)" }]);
  });

  it("throws a non-zero exit with the output and the code", async () => {
    expect(await errorOf(setup(say("partial\n", 3)).run({ command: "x" }))).toBe(
      "partial\n\n\nCommand exited with code 3",
    );
    expect(await errorOf(setup(say("", 1)).run({ command: "exit 1" }))).toBe(
      "(no output)\n\nCommand exited with code 1",
    );
  });

  it("treats a null exit code as success", async () => {
    expect((await setup(say("x", null)).run({ command: "x" })).content[0]).toEqual({
      type: "text",
      text: "x",
    });
  });

  it("words abort and timeout as pi does, after any partial output", async () => {
    const aborted: Script = async ({ onData }) => {
      onData(utf8Encode("so far\n"));
      throw new Error("aborted");
    };
    expect(await errorOf(setup(aborted).run({ command: "x" }))).toBe("so far\n\n\nCommand aborted");
    const timedOut: Script = async () => {
      throw new Error("timeout:1.5");
    };
    expect(await errorOf(setup(timedOut).run({ command: "x", timeout: 1.5 }))).toBe(
      "Command timed out after 1.5 seconds",
    );
    const other: Script = async () => {
      throw new Error("Working directory does not exist: /nope\nCannot execute bash commands.");
    };
    expect(await errorOf(setup(other).run({ command: "x" }))).toBe(
      "Working directory does not exist: /nope\nCannot execute bash commands.",
    );
  });

  it("passes timeout and signal through and prepends commandPrefix", async () => {
    const { run, calls } = setup(say("ok"), { commandPrefix: "set -e" });
    const controller = new AbortController();
    await run({ command: "echo ok", timeout: 2 }, controller.signal);
    expect(calls[0].command).toBe("set -e\necho ok");
    expect(calls[0].opts.timeout).toBe(2);
    expect(calls[0].opts.signal).toBe(controller.signal);
  });

  it("tail-truncates with pi's line notice and writes the full output to the log", async () => {
    const all = Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join("");
    const { run, logs } = setup(say(all));
    const result = await run({ command: "seq 1 3000" });
    const text = (result.content[0] as { text: string }).text;
    const path = result.details?.fullOutputPath as string;
    expect(path).toMatch(/^\/tmp\/pi-bash-[0-9a-f]{16}\.log$/);
    expect(text.endsWith(`2999\n3000\n\n\n[Showing lines 1002-3001 of 3001. Full output: ${path}]`)).toBe(
      true,
    );
    expect(result.details?.truncation).toMatchObject({
      totalLines: 3001,
      outputLines: 2000,
      truncatedBy: "lines",
    });
    expect(logs.get(path)).toBe(all);
  });

  it("uses the byte notice and the partial-line notice", async () => {
    const wide = `${"x".repeat(100)}\n`.repeat(1000);
    const bytes = await setup(say(wide)).run({ command: "x" });
    expect((bytes.content[0] as { text: string }).text).toMatch(
      /\n\n\[Showing lines 495-1001 of 1001 \(50\.0KB limit\)\. Full output: \/tmp\/pi-bash-[0-9a-f]{16}\.log\]$/,
    );
    const oneLine = await setup(say("y".repeat(60 * 1024))).run({ command: "x" });
    expect((oneLine.content[0] as { text: string }).text).toMatch(
      /\n\n\[Showing last 50\.0KB of line 1 \(line is 60\.0KB\)\. Full output: \/tmp\/pi-bash-[0-9a-f]{16}\.log\]$/,
    );
  });

  it("keeps the notice in the error of a failing truncated command", async () => {
    const all = Array.from({ length: 2500 }, (_, i) => `${i}\n`).join("");
    const message = await errorOf(setup(say(all, 2)).run({ command: "x" }));
    expect(message).toMatch(
      /\[Showing lines 502-2501 of 2501\. Full output: \/tmp\/pi-bash-.*\.log\]\n\nCommand exited with code 2$/,
    );
  });

  it("sends an empty update first, then throttled snapshots and a last one", async () => {
    const chunks: Script = async ({ onData }) => {
      onData(utf8Encode("a\n"));
      onData(utf8Encode("b\n"));
      return { exitCode: 0 };
    };
    const { run, updates } = setup(chunks);
    await run({ command: "x" });
    expect(updates[0]).toEqual({ content: [], details: undefined });
    expect(updates.length).toBe(3); // empty, "a" at once, the rest flushed at the end
    expect(updates[1].content).toEqual([{ type: "text", text: "a\n" }]);
    expect(updates[2].content).toEqual([{ type: "text", text: "a\nb\n" }]);
  });

  it("reports elapsed time while an engine that cannot stream runs", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const slow: Script = ({ onData }) =>
      new Promise((resolve) => {
        finish = () => {
          onData(utf8Encode("done\n"));
          resolve({ exitCode: 0 });
        };
      });
    const { run, updates } = setup(slow, { streamsOutput: false });
    const pending = run({ command: "sleep 3" });
    await vi.advanceTimersByTimeAsync(2500);
    expect(updates.map((u) => u.details?.elapsedMs)).toEqual([undefined, 1000, 2000]);
    finish();
    const result = await pending;
    expect(result.content).toEqual([{ type: "text", text: "done\n" }]);
    const count = updates.length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(updates.length).toBe(count);
  });
});
