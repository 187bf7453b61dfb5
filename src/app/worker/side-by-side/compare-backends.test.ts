import { callRows, fileRows } from "@state/compare-backends";
import { describe, expect, it } from "vitest";
import { runCompare } from "./compare-backends";

const files = import.meta.glob("../../../../public/scenarios/*.json", { eager: true, import: "default" });
const scenario = (name: string): unknown =>
  structuredClone(files[`../../../../public/scenarios/${name}.json`]);

describe("runCompare", () => {
  it("memfs against the disk-full drill: the writes fail on one side only, and notes.md differs", async () => {
    const result = await runCompare(
      scenario("seed-prompts"),
      { kind: "memfs" },
      { kind: "drill", drill: "disk-full" },
    );
    const [a, b] = result.sides;
    expect(result.title).toBe("Three first prompts");
    expect(result.translations?.["zh-Hans"]?.title).toBe("三个入门提示");
    expect(a.calls.map((c) => c.tool)).toEqual(["read", "write", "read", "write"]);
    expect(b.calls.map((c) => c.tool)).toEqual(["read", "write", "read", "write"]);
    const rows = callRows(a.calls, b.calls);
    expect(rows[0]?.differs).toEqual([]);
    expect(rows[1]?.differs).toEqual(expect.arrayContaining(["status", "text"]));
    expect(b.calls[1]?.text).toBe("ENOSPC: no space left on device, write");
    expect(a.calls[1]?.isError).toBe(false);
    const files = fileRows(a.files, b.files);
    expect(files.map((f) => f.path)).toEqual(["notes.md"]);
    expect(files[0]?.a).toMatchObject({ kind: "text", text: "HELLO WORLD\n" });
    // Half of what the last write carried landed: a torn file.
    expect(files[0]?.b).toMatchObject({ kind: "text", text: "HELLO " });
  });

  it("memfs against the fake WebContainer on a scenario without bash: no difference", async () => {
    const result = await runCompare(scenario("seed-prompts"), { kind: "memfs" }, { kind: "webcontainer" });
    const [a, b] = result.sides;
    expect(b.backendId).toBe("webcontainer (fake)");
    expect(b.error).toBeUndefined();
    expect(b.calls).toHaveLength(4);
    expect(callRows(a.calls, b.calls).filter((r) => r.differs.length > 0)).toEqual([]);
    expect(fileRows(a.files, b.files)).toEqual([]);
    expect(Object.keys(a.files)).toContain("notes.md");
  });

  it("does not touch anything outside its own sessions: each side starts from the scenario's files", async () => {
    const first = await runCompare(
      scenario("queue-race"),
      { kind: "memfs" },
      { kind: "drill", drill: "vanish" },
    );
    const again = await runCompare(
      scenario("queue-race"),
      { kind: "memfs" },
      { kind: "drill", drill: "vanish" },
    );
    expect(again.sides[0].files).toEqual(first.sides[0].files);
    expect(again.sides[1].files).toEqual(first.sides[1].files);
  });

  it("a hanging drill is ended by the side's time limit, and the run goes on to the other side", async () => {
    const started = Date.now();
    const result = await runCompare(
      scenario("seed-prompts"),
      { kind: "drill", drill: "slow-drive" },
      { kind: "memfs" },
      { limitMs: 1500 },
    );
    expect(Date.now() - started).toBeLessThan(6000);
    const [slow, memfs] = result.sides;
    expect(slow.stopped).toBe("limit");
    expect(slow.calls[0]).toMatchObject({ tool: "read", isError: true, text: "Operation aborted" });
    expect(memfs.stopped).toBeUndefined();
    expect(memfs.calls).toHaveLength(4);
    expect(callRows(slow.calls, memfs.calls)[0]?.differs).toContain("status");
  });

  it("cancelling rejects at once with an AbortError, even in the middle of a hanging call", async () => {
    const controller = new AbortController();
    const run = runCompare(
      scenario("seed-prompts"),
      { kind: "drill", drill: "slow-drive" },
      { kind: "memfs" },
      {
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a file that is not a scenario, naming what is wrong", async () => {
    await expect(runCompare({ title: 1 }, { kind: "memfs" }, { kind: "memfs" })).rejects.toThrow(
      /title|steps/,
    );
  });
});
