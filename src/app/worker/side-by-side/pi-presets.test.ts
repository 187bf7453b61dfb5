import { callRows, fileRows, handCallScenario } from "@state/compare-backends";
import { PI_PRESETS, PRESET_SIDES, WIRE_PRESET_MODEL } from "@state/pi-presets";
import { describe, expect, it } from "vitest";
import { runCompare } from "./compare-backends";

const files = import.meta.glob("../../../../public/scenarios/changed/*.json", {
  eager: true,
  import: "default",
});
const scenario = (file: string): unknown => structuredClone(files[`../../../../public/scenarios/${file}`]);

describe("the 'what changed in pi' presets", () => {
  it("ships a scenario for every preset and a preset for every scenario in changed/", () => {
    expect(
      Object.keys(files)
        .map((f) => f.replace("../../../../public/scenarios/", ""))
        .sort(),
    ).toEqual(PI_PRESETS.map((p) => p.file).sort());
  });

  it.each(PI_PRESETS.map((p) => [p.id, p] as const))(
    "%s: pi 0.73.1 and 1.6.0 differ where the preset says",
    async (_id, preset) => {
      const result = await runCompare(
        scenario(preset.file),
        { kind: "memfs" },
        { kind: "memfs" },
        {
          pi: PRESET_SIDES,
          ...(preset.about === "wire" ? { wire: WIRE_PRESET_MODEL } : {}),
        },
      );
      const [a, b] = result.sides;
      expect(a.error ?? b.error).toBeUndefined();
      const rows = callRows(a.calls, b.calls);
      if (preset.about === "files") expect(fileRows(a.files, b.files).length).toBeGreaterThan(0);
      else if (preset.about === "prompt") {
        // 0.73.1 sends the whole prompt again; 1.6.0 sends it once, then only the changed section.
        expect(a.told).toHaveLength(2);
        expect(a.told?.[1]).toContain("- ls:");
        expect(b.told).toHaveLength(2);
        expect(b.told?.[1]).toMatch(/^Updated system prompt section "/);
        expect(b.told?.[1]?.length).toBeLessThan((b.told?.[0]?.length ?? 0) / 2);
      } else if (preset.about === "wire") {
        // 0.73.1 hands pi-ai the current prompt; 1.6.0 the transcript, grep declared where it came in
        // (tests/wire-preset.test.ts has each pi-ai write the two bodies).
        expect(a.request?.context.systemPrompt).toContain("- grep:");
        const system = b.request?.context.messages.filter((m) => (m.role as string) === "system");
        expect(JSON.stringify(system?.[1])).toContain('"toolsAdded":[{"name":"grep"');
      } else expect(rows.some((r) => r.differs.includes(preset.about as never))).toBe(true);
    },
  );

  it("length: 0.73.1 writes the cut-off file, 1.6.0 refuses with pi's text", async () => {
    const preset = PI_PRESETS.find((p) => p.id === "length");
    const result = await runCompare(
      scenario(preset?.file ?? ""),
      { kind: "memfs" },
      { kind: "memfs" },
      {
        pi: PRESET_SIDES,
      },
    );
    const [a, b] = result.sides;
    expect(a.calls[0]?.isError).toBe(false);
    expect(b.calls[0]?.text).toBe(
      'Tool call "write" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
    );
    expect(fileRows(a.files, b.files).map((f) => f.path)).toEqual(["report.md"]);
  });

  it("a call by hand runs on a copy of the files given, and the versions' answers can differ", async () => {
    const files = { "lib/a.ts": "a\n", "src/lib/c.ts": "c\n" };
    const result = await runCompare(
      handCallScenario("find", { pattern: "lib/*.ts" }, files),
      { kind: "memfs" },
      { kind: "memfs" },
      { pi: PRESET_SIDES },
    );
    const [a, b] = result.sides;
    expect([a.calls[0]?.text, b.calls[0]?.text]).toEqual(["lib/a.ts\nsrc/lib/c.ts", "lib/a.ts"]);
    expect(callRows(a.calls, b.calls)[0]?.differs).toContain("text");
  });
});
