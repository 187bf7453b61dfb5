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

  it("one backend, two pi versions: 'What changed in pi 1.6.0' differs where pi changed", async () => {
    const result = await runCompare(
      scenario("pi-versions"),
      { kind: "memfs" },
      { kind: "memfs" },
      {
        pi: ["0.73.1", "1.6.0"],
      },
    );
    const [a, b] = result.sides;
    expect([a.pi, b.pi]).toEqual(["0.73.1", "1.6.0"]);
    const rows = callRows(a.calls, b.calls);
    const differing = rows.filter((r) => r.differs.length > 0).map((r) => r.id);
    expect(differing.sort()).toEqual(["x1", "x2", "x3", "x4", "x5"]);
    const text = (side: typeof a, id: string) => side.calls.find((c) => c.id === id)?.text;
    // A timeout of -1: ignored by 0.73.1, refused by 1.6.0.
    expect([text(a, "x1"), text(b, "x1")]).toEqual([
      "hi\n",
      "Invalid timeout: must be a finite number of seconds",
    ]);
    // find's pattern with a folder: any depth in 0.73.1, anchored at the search folder in 1.6.0.
    expect([text(a, "x3"), text(b, "x3")]).toEqual(["lib/a.ts\nsrc/lib/c.ts", "lib/a.ts"]);
    // grep's context: a line between two matches appears twice in 0.73.1.
    expect(text(a, "x4")?.match(/three/g)).toHaveLength(2);
    expect(text(b, "x4")?.match(/three/g)).toHaveLength(1);
    expect(text(b, "x5")).toContain("  - path: missing");
    // The fuzzy edit: 0.73.1 rewrote the whole file normalised (the title's trailing blanks are gone).
    expect(fileRows(a.files, b.files)).toEqual([
      expect.objectContaining({
        path: "notes.txt",
        a: expect.objectContaining({ text: "Title\nalpha - BETA\nend\n" }),
        b: expect.objectContaining({ text: "Title   \nalpha - BETA\nend\n" }),
      }),
    ]);
  });
});
