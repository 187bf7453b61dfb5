import { describe, expect, it } from "vitest";
import { createMemfsWorkspace } from "../workspace";
import type { BashEngineOptions } from "./engine";
import { createMemfsBashOperations } from "./index";
import { plainLimitLine, plainLimitMessages } from "./limits";

/** Runs `command` on the real engine (optionally with lowered limits) and returns its output and exit code. */
async function run(command: string, options: BashEngineOptions = {}) {
  const workspace = createMemfsWorkspace({});
  const ops = createMemfsBashOperations(workspace, options);
  let output = "";
  const decoder = new TextDecoder();
  const { exitCode } = await ops.exec(command, workspace.root, {
    onData: (d) => {
      output += decoder.decode(d, { stream: true });
    },
  });
  return { output, exitCode };
}

const WHY = "(a limit of this in-browser bash, so that a runaway command cannot freeze the tab)";

describe("the engine's limits in plain words (each run on just-bash itself)", () => {
  it("the command count: an endless loop", async () => {
    const r = await run("echo start; while true; do :; done; echo after");
    expect(r.exitCode).toBe(126);
    expect(r.output).toBe(
      `start\nbash stopped: the script ran more than 100,000 commands ${WHY}. ` +
        "Make the loop stop sooner, or split the work over several calls.\n",
    );
  });

  it("loop iterations, with a lowered limit so the loop crosses it before the command count", async () => {
    const r = await run("for ((i = 0; i < 60; i++)); do :; done", {
      executionLimits: { maxLoopIterations: 50 },
    });
    expect(r.exitCode).toBe(126);
    expect(r.output).toBe(
      `bash stopped: a for loop went round more than 50 times ${WHY}. ` +
        "Check that the loop has a way to end, or loop over fewer items.\n",
    );
    const w = await run("i=0; while [ $i -lt 60 ]; do i=$((i+1)); done", {
      executionLimits: { maxLoopIterations: 50 },
    });
    expect(w.output).toMatch(/^bash stopped: a while loop went round more than 50 times/);
  });

  it("the call depth: a function that calls itself", async () => {
    const r = await run("f() { f; }; f");
    expect(r.exitCode).toBe(126);
    expect(r.output).toBe(
      `bash stopped: the function f called itself more than 100 levels deep ${WHY}. ` +
        "Check that the recursion has a case that stops it.\n",
    );
  });

  it("the source depth: a file that sources itself", async () => {
    const r = await run("echo 'source a.sh' > a.sh; source a.sh");
    expect(r.output).toMatch(/^bash stopped: files sourced each other more than 100 levels deep/);
  });

  it("the output size, with a lowered limit", async () => {
    const r = await run("seq 1 1000", { executionLimits: { maxOutputSize: 1000 } });
    expect(r.exitCode).toBe(126);
    expect(r.output).toMatch(
      /bash stopped: (seq's|pipeline's|the) output grew past 1,000 bytes \(a limit of this in-browser bash/,
    );
    expect(r.output).toMatch(/Print less: pipe it through head or grep/);
    expect(r.output).not.toMatch(/executionLimits/);
    const loop = await run("for ((i = 0; i < 500; i++)); do echo hello; done", {
      executionLimits: { maxOutputSize: 1000 },
    });
    expect(loop.exitCode).toBe(126);
    expect(loop.output).toMatch(/bash stopped: (\w+'s|the) output grew past 1,000 bytes/);
  });

  it("seq's own limit (seq.ts) says which limit and how to get the numbers anyway", async () => {
    const r = await run("seq 1 100000000; echo after");
    expect(r.exitCode).toBe(0);
    expect(r.output).toBe(
      "seq: would print 100,000,000 numbers, more than the 2,000,000 this in-browser bash allows " +
        "(it holds a command's whole output in memory, and the limit keeps a runaway command from freezing the tab). " +
        "Ask for a smaller range, or print it in parts (seq 1 2000000, then seq 2000001 …).\nafter\n",
    );
  });

  it("no message names a setting the learner cannot reach", async () => {
    for (const command of ["while :; do :; done", "f() { f; }; f", "seq 1 100000000"])
      expect((await run(command)).output).not.toMatch(/executionLimits|increase/);
  });
});

describe("plainLimitMessages", () => {
  it("leaves other lines alone, and a command's own output that looks like a limit", async () => {
    expect(plainLimitMessages("ls: x: No such file or directory\n")).toBe(
      "ls: x: No such file or directory\n",
    );
    const own = await run(
      "echo 'bash: too many commands executed (>5), increase executionLimits.maxCommandCount' >&2",
    );
    expect(own.exitCode).toBe(0);
    expect(own.output).toContain("increase executionLimits.maxCommandCount");
  });

  it("words a limit it has no sentence for by dropping only the setting", () => {
    expect(
      plainLimitLine("bash: jq while: too many iterations (5), increase executionLimits.maxJqIterations"),
    ).toBe(`bash stopped: jq while: too many iterations (5) ${WHY}.`);
    expect(plainLimitLine("bash: something else")).toBeNull();
  });
});
