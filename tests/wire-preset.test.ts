/**
 * The "strict schemas and updates on the wire" preset, end to end below the page: both sides run in fresh
 * sessions (as the compare worker runs them), each gives the request its session would send next for the
 * preset's model, and each version's own pi-ai writes that request's body, sending nothing (as the page's
 * provider context does for the panes).
 */
import type { ModelRequest } from "@agent/protocol";
import { dryRun } from "@app/page/provider-request";
import * as stream073 from "@app/page/provider-stream";
import * as stream160 from "@app/page/provider-stream-160";
import { runCompare } from "@app/worker/side-by-side/compare-backends";
import { PI_PRESETS, PRESET_SIDES, WIRE_PRESET_MODEL } from "@state/pi-presets";
import { describe, expect, it } from "vitest";
import scenario from "../public/scenarios/changed/strict.json";

interface Body {
  messages: { role: string; content: unknown }[];
  tools: { function: { name: string; strict?: boolean; parameters: { required?: string[] } } }[];
}

const bodyOf = (request: ModelRequest | undefined) => {
  if (!request) throw new Error("the side gave no request");
  const { streamSimple } = request.piVersion === "1.6.0" ? stream160 : stream073;
  return dryRun(streamSimple, request, "no-key") as Promise<Body>;
};

describe("the strict preset", () => {
  it("is a wire preset", () => {
    expect(PI_PRESETS.find((p) => p.file === "changed/strict.json")?.about).toBe("wire");
  });

  it("0.73.1 marks every tool non-strict; 1.6.0 sends read and bash strict and declares grep mid-conversation", async () => {
    const result = await runCompare(
      structuredClone(scenario),
      { kind: "memfs" },
      { kind: "memfs" },
      {
        pi: PRESET_SIDES,
        wire: WIRE_PRESET_MODEL,
      },
    );
    const [a, b] = result.sides;
    expect(a.error ?? b.error).toBeUndefined();
    const [old, current] = [await bodyOf(a.request), await bodyOf(b.request)];

    expect(old.tools.map((t) => [t.function.name, t.function.strict])).toEqual([
      ["read", false],
      ["bash", false],
      ["grep", false],
    ]);
    expect(old.messages.filter((m) => m.role === "system")).toHaveLength(1);

    const tool = (name: string) => current.tools.find((t) => t.function.name === name)?.function;
    expect(tool("read")?.strict).toBe(true);
    expect(tool("bash")?.strict).toBe(true);
    // every property required in a strict schema: read's offset and limit, optional in pi, too
    expect(tool("read")?.parameters.required).toEqual(expect.arrayContaining(["path", "offset", "limit"]));
    const system = current.messages.filter((m) => m.role === "system" || m.role === "developer");
    expect(system.length).toBeGreaterThan(1);
    expect(JSON.stringify(system.slice(1))).toContain("grep");
  });
});
