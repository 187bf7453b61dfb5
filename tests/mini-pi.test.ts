/**
 * mini-pi beside pi: one test per row of the compromise table. Each runs the row's demo (the same calls,
 * once on pi's handlers and once on mini-pi's, each in a fresh session) and checks that mini-pi behaves
 * as the tutorial describes and pi as pi does.
 */
import { runCompromiseDemo } from "@app/worker/compromises/run-demo";
import type { CompromiseDemo, DemoCall } from "@core/tools/mini-pi/compromises";
import { COMPROMISE_IDS } from "@core/tools/mini-pi/compromises";
import { describe, expect, it } from "vitest";

const whole = (c: DemoCall) => c.text + (c.tail ?? "");
const demo = (id: string): Promise<CompromiseDemo> => runCompromiseDemo(id);

describe("the compromise table, run on pi's handlers and on mini-pi's", () => {
  it("images: pi sends an image block, mini-pi's read returns the bytes as text", async () => {
    const { pi, miniPi } = await demo("images");
    expect(pi.calls[0]?.images).toBe(1);
    expect(miniPi.calls[0]?.images).toBe(0);
    expect(miniPi.calls[0]?.text).toContain("PNG");
  });

  it("offset/limit: pi reads lines 4-5, mini-pi ignores both and returns the whole file", async () => {
    const { pi, miniPi } = await demo("offsetLimit");
    expect(pi.calls[0]?.text.startsWith("line 4\nline 5\n")).toBe(true);
    expect(miniPi.calls[0]?.text).toBe(
      `${Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n")}\n`,
    );
  });

  it("truncation notice: pi says where to continue, mini-pi cuts at 50,000 characters and says nothing", async () => {
    const { pi, miniPi } = await demo("truncationNotice");
    expect(whole(pi.calls[0] as DemoCall)).toContain("Use offset=2001 to continue.]");
    expect(miniPi.calls[0]?.chars).toBe(50_000);
    expect(miniPi.calls[0]?.tail?.endsWith("log line #02500: ok\n")).toBe(true);
  });

  it("symlinks: safePath refuses /etc/passwd but lets a link inside the workspace reach it", async () => {
    const { pi, miniPi } = await demo("symlinks");
    expect(pi.calls.map((c) => c.isError)).toEqual([false, false]);
    expect(miniPi.calls[0]).toMatchObject({ isError: true, text: "path outside cwd: /etc/passwd" });
    expect(miniPi.calls[1]?.isError).toBe(false);
    expect(miniPi.calls[1]?.text).toContain("root:x:0:0");
  });

  it("async execution: pi's bash sends updates while it runs, mini-pi's none", async () => {
    const { pi, miniPi } = await demo("async");
    expect(pi.calls[0]?.updates).toBeGreaterThan(0);
    expect(miniPi.calls[0]?.updates).toBe(0);
    expect(miniPi.calls[0]?.text).toBe("done");
  });

  it("the mutation queue: two parallel edits keep both changes with pi's queue, lose one without it", async () => {
    const { pi, miniPi } = await demo("mutationQueue");
    expect(pi.files["config.txt"]).toBe("port=8080\nmode=prod\n");
    expect(miniPi.calls.every((c) => !c.isError)).toBe(true);
    expect(miniPi.files["config.txt"]).not.toBe("port=8080\nmode=prod\n");
    expect(["port=8080\nmode=dev\n", "port=3000\nmode=prod\n"]).toContain(miniPi.files["config.txt"]);
  });

  it("AbortSignal: Esc ends pi's command at once; mini-pi's handler never sees the signal and runs to the end", async () => {
    const { pi, miniPi } = await demo("abortSignal");
    expect(pi.calls[0]).toMatchObject({ isError: true, text: "Command aborted" });
    expect(pi.calls[0]?.ms).toBeLessThan(1500);
    expect(miniPi.calls[0]).toMatchObject({ isError: false, text: "finished" });
    expect(miniPi.calls[0]?.ms).toBeGreaterThanOrEqual(1900);
  });

  it("the cwd check: pi reads /etc/passwd and writes /etc/evil.txt; safePath refuses both", async () => {
    const { pi, miniPi } = await demo("cwdCheck");
    expect(pi.calls[0]?.text).toContain("root:x:0:0");
    expect(pi.files["/etc/evil.txt"]).toBe("pwned\n");
    expect(miniPi.calls.map((c) => c.text)).toEqual([
      "path outside cwd: /etc/passwd",
      "path outside cwd: /etc/evil.txt",
    ]);
    expect(miniPi.files["/etc/evil.txt"]).toBeNull();
  });

  it("the blacklist: pi runs rm -rf /tmp/cache; mini-pi's string match blocks it", async () => {
    const { pi, miniPi } = await demo("blacklist");
    expect(pi.files["/tmp/cache/data.txt"]).toBeNull();
    expect(miniPi.calls[0]?.text).toBe("Error: Dangerous command blocked");
    expect(miniPi.files["/tmp/cache/data.txt"]).toBe("cached\n");
  });

  it("the default timeout: pi gives a command none (or the model's), mini-pi always 120 s", async () => {
    const { pi, miniPi } = await demo("defaultTimeout");
    expect(pi.execTimeouts).toEqual([null, 5]);
    expect(miniPi.execTimeouts).toEqual([120, 120]);
  });

  it("the truncation direction: the error at the end survives pi's tail cut and is lost to mini-pi's head cut", async () => {
    const { pi, miniPi } = await demo("truncationDirection");
    expect(whole(pi.calls[0] as DemoCall)).toContain("Error: disk full");
    expect(pi.calls[0]?.isError).toBe(true);
    expect(whole(miniPi.calls[0] as DemoCall)).not.toContain("Error: disk full");
    expect(miniPi.calls[0]?.text.startsWith("1\n2\n3\n")).toBe(true);
  });

  it("the handler signature: a string has no details and cannot say it failed", async () => {
    const { pi, miniPi } = await demo("handlerSignature");
    expect(pi.calls[0]?.detailKeys).toContain("diff");
    expect(miniPi.calls[0]?.detailKeys).toEqual([]);
    expect(pi.calls[1]?.isError).toBe(true);
    expect(miniPi.calls[1]).toMatchObject({
      isError: false,
      text: "ls: missing-folder: No such file or directory",
    });
  });

  it("has a test above for every row, and refuses an unknown row with the known ones", async () => {
    expect(COMPROMISE_IDS).toHaveLength(12);
    await expect(runCompromiseDemo("nope")).rejects.toThrow(/Known: images, offsetLimit/);
  });
});
