/**
 * bash in Chromium (docs/bash-engine.md), driven through the page's "Call a tool by hand" composer: bash writes
 * a file that read and the file tree see, and every way a runaway command ends (the page replacing a worker
 * stuck in a CPU loop, the engine seeing the abort, the engine's limits, a timeout) says which way it went.
 * Each `it` opens its own page, with its own session and workspace, so it sets up the files it needs itself.
 *
 * The page's Worker is wrapped (before the app loads) only to count terminations and to time them; the
 * figures are logged, never asserted: timing assertions would be flaky on a shared machine.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { ENDLESS_BASH, runAxe, startCallByHand } from "./support";

let page: Page;

interface Probe {
  esc: number[];
  terminated: number[];
  ready: number[];
}

/** Counts the page's worker terminations and times them, and times each session_ready; set before load. */
function installProbe() {
  const probe: Probe = { esc: [], terminated: [], ready: [] };
  (window as unknown as { __bashProbe: Probe }).__bashProbe = probe;
  window.addEventListener("keydown", (e) => e.key === "Escape" && probe.esc.push(performance.now()), true);
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function (this: Worker) {
    probe.terminated.push(performance.now());
    terminate.call(this);
  };
  const post = Worker.prototype.postMessage as (this: Worker, m: unknown) => void;
  // A worker answers init with session_ready: the time the restarted session is usable.
  Worker.prototype.postMessage = function (this: Worker, message: unknown) {
    const command = (message as { command?: { type?: string } }).command;
    if (command?.type === "init" && !(this as { __probed?: boolean }).__probed) {
      (this as { __probed?: boolean }).__probed = true;
      this.addEventListener("message", (m: MessageEvent) => {
        if (m.data?.kind === "event" && m.data.event?.type === "session_ready")
          probe.ready.push(performance.now());
      });
    }
    post.call(this, message);
  };
}

pagePerTest((p) => (page = p), {
  viewport: { width: 1440, height: 900 },
  prepare: (context) => context.addInitScript(installProbe),
  ready: (p) => p.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor(),
});

const files = () => page.getByRole("list", { name: "Workspace files" });
const probe = () => page.evaluate(() => (window as unknown as { __bashProbe: Probe }).__bashProbe);
const restartNotices = () => page.locator(".msg--notice", { hasText: /did not stop within \d+ ms/ });

/** The result the model would receive for call `id`, once it is there. */
async function resultOf(id: string, timeout = 30_000) {
  const result = page.locator(`.msg--result[data-call="${id}"]`);
  await result.waitFor({ timeout });
  return {
    text: ((await result.locator(".result-text").textContent()) ?? "").trim(),
    isError: ((await result.getAttribute("class")) ?? "").includes("msg--error"),
  };
}

async function run(tool: string, fields: Record<string, string>) {
  return resultOf(await startCallByHand(page, tool, fields));
}

async function pressEsc() {
  await page.locator("body").focus();
  await page.keyboard.press("Escape");
}

describe("bash in the browser", () => {
  it("runs `echo hi > a.txt && cat a.txt` through bash and shows hi; a.txt appears in the file tree", async () => {
    // The first bash call also loads the engine's chunk into the worker.
    expect(await run("bash", { command: "echo hi > a.txt && cat a.txt" })).toEqual({
      text: "hi",
      isError: false,
    });
    await files().getByText("a.txt", { exact: true }).waitFor();
  });

  it("reads with the read tool what bash wrote: the same volume", async () => {
    expect(await run("bash", { command: "echo hi > a.txt" })).toEqual({
      text: "(no output)",
      isError: false,
    });
    expect(await run("read", { path: "a.txt" })).toEqual({ text: "hi", isError: false });
  });

  it("says, while a bash call runs, why its output will appear only at the end", async () => {
    const id = await startCallByHand(page, "bash", { command: "sleep 2.5; echo late" });
    const call = page.locator(`.transcript .call[data-call="${id}"]`);
    const wait = call.locator(".call__wait");
    await wait.waitFor();
    expect(await wait.textContent()).toMatch(/No output yet: the engine behind bash here cannot stream/);
    // Driven by the tool's elapsed-time updates, not by a timer in the page.
    expect(Number(await wait.getAttribute("data-elapsed-ms"))).toBeGreaterThanOrEqual(1000);
    expect(await page.locator(`.msg--result[data-call="${id}"]`).count()).toBe(0);
    expect(await resultOf(id)).toEqual({ text: "late", isError: false });
    await wait.waitFor({ state: "detached" });
  });

  it("aborts a CPU loop the engine cannot interrupt by replacing the worker, keeping a.txt", async () => {
    expect(await run("bash", { command: "echo hi > a.txt" })).toEqual({
      text: "(no output)",
      isError: false,
    });
    await files().getByText("a.txt", { exact: true }).waitFor();
    const { terminated: before } = await probe();
    const notices = await restartNotices().count();
    const id = await startCallByHand(page, "bash", { command: ENDLESS_BASH });
    await page.locator(`.timeline .lane--running[data-call="${id}"]`).waitFor();
    await pressEsc();
    // The way out: the page ended the worker (the engine never saw the signal) and said so.
    await restartNotices().nth(notices).waitFor({ timeout: 10_000 });
    const notice = (await restartNotices().nth(notices).textContent()) ?? "";
    expect(notice).toContain(`The running call (${id}) did not stop`);
    expect(notice).toContain("restored the workspace from the last snapshot");
    await page.locator(`.timeline .lane--error[data-call="${id}"]`).waitFor();
    const after = await probe();
    expect(after.terminated.length).toBe(before.length + 1);
    // No result ever comes from the ended worker: neither "Command aborted" nor the engine's limit error.
    expect(await page.locator(`.msg--result[data-call="${id}"]`).count()).toBe(0);
    expect(await page.locator(`.transcript .call[data-call="${id}"] .status`).textContent()).toBe("error");

    // The new session answers, with a.txt restored from the snapshot.
    expect(await run("bash", { command: "cat a.txt" })).toEqual({ text: "hi", isError: false });
    await files().getByText("a.txt", { exact: true }).waitFor();
    expect(await page.locator(`.msg--result[data-call="${id}"]`).count()).toBe(0);

    const p = await probe();
    const esc = p.esc[p.esc.length - 1];
    const terminated = p.terminated[p.terminated.length - 1];
    const ready = p.ready.find((t) => t > terminated);
    console.log(
      `abort of an endless loop: Esc → worker terminated ${(terminated - esc).toFixed(0)} ms, ` +
        `→ new session ready ${ready === undefined ? "?" : (ready - esc).toFixed(0)} ms`,
    );
  });

  it("aborts a loop that sleeps, which the engine can see: pi's `Command aborted`, no restart", async () => {
    // Warm the engine first, so the abort does not land while its chunk is still loading.
    expect(await run("bash", { command: "echo warm" })).toEqual({ text: "warm", isError: false });
    const { terminated: before } = await probe();
    const notices = await restartNotices().count();
    const id = await startCallByHand(page, "bash", { command: "while true; do sleep 0.05; done" });
    await page.locator(`.timeline .lane--running[data-call="${id}"]`).waitFor();
    await pressEsc();
    // A result for this call proves the worker was not replaced: an ended worker's messages are dropped.
    expect(await resultOf(id, 10_000)).toEqual({ text: "Command aborted", isError: true });
    await page
      .locator(".msg--notice", { hasText: "Abort requested (Esc or the Abort button)." })
      .last()
      .waitFor();
    expect((await probe()).terminated.length).toBe(before.length);
    expect(await restartNotices().count()).toBe(notices);
  });

  it("ends a runaway seq at its limit with a message that says which limit and what to do", async () => {
    const { text, isError } = await run("bash", { command: "seq 1 100000000" });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /^seq: would print 100,000,000 numbers, more than the 2,000,000 this in-browser bash allows \(.*\)\. Ask for a smaller range, or print it in parts \(seq 1 2000000, then seq 2000001 …\)\.\n+Command exited with code 1$/,
    );
  });

  it("runs the long and endless sources in the worker as GNU bash prints them: seq, yes, /dev/zero", async () => {
    const { text, isError } = await run("bash", {
      command: "seq 1 300000 | tail -2; yes abc def | head -2; head -c 30000000 /dev/zero | wc -c",
    });
    expect(isError).toBe(false);
    expect(text).toBe("299999\n300000\nabc def\nabc def\n30000000");
  });

  it("ends a CPU-bound runaway by its timeout (timeout: 1) with pi's message", async () => {
    // Each turn builds a 100 KB string, so the engine's own limits are seconds away: the timeout ends it.
    const { terminated: before } = await probe();
    const command = 'while true; do x=$(printf "%*s" 100000 ""); done';
    expect(await run("bash", { command, timeout: "1" })).toEqual({
      text: "Command timed out after 1 seconds",
      isError: true,
    });
    expect((await probe()).terminated.length).toBe(before.length);
  });

  it("has no serious or critical axe-core violations with a result and an error result shown", async () => {
    expect(await run("bash", { command: "echo hi" })).toEqual({ text: "hi", isError: false });
    expect((await run("bash", { command: "cat missing.txt" })).isError).toBe(true);
    expect(await runAxe(page)).toEqual([]);
  });
});
