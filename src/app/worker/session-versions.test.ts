/**
 * One session, two pi versions: the tools, the prompt, the validation and the loop's rules all follow
 * the version picked, and the workspace stays.
 */
import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;
const last = <T extends SessionEvent["type"]>(events: SessionEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type).at(-1);

function started(piVersion?: "0.73.1" | "1.6.0") {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e));
  playground.handle({ type: "init", ...(piVersion ? { piVersion } : {}) });
  return { events, playground };
}

async function resultOf(playground: Playground, events: SessionEvent[], tool: string, args: object) {
  await playground.hand.runToolCall(tool, JSON.stringify(args));
  const end = last(events, "tool_execution_end");
  const first = end?.result.content[0];
  return { text: first?.type === "text" ? first.text : "", isError: end?.isError };
}

describe("the session's pi version", () => {
  it("starts on 1.6.0, or on the version init names", () => {
    expect(last(started().events, "session_ready")).toMatchObject({ piVersion: "1.6.0" });
    const { events, playground } = started("0.73.1");
    expect(last(events, "session_ready")).toMatchObject({ piVersion: "0.73.1" });
    expect(last(events, "pi_version_changed")).toBeUndefined();
    expect(playground.session.piVersion).toBe("0.73.1");
  });

  it("a failing command: 1.6.0 returns it as an error result, 0.73.1 throws it; both are errors", async () => {
    const on16 = started("1.6.0");
    const r16 = await resultOf(on16.playground, on16.events, "bash", { command: "echo out; exit 3" });
    expect(r16.isError).toBe(true);
    expect(r16.text).toContain("out");
    expect(r16.text).toContain("Command exited with code 3");
    const on07 = started("0.73.1");
    const r07 = await resultOf(on07.playground, on07.events, "bash", { command: "echo out; exit 3" });
    expect(r07.isError).toBe(true);
    expect(r07.text).toContain("Command exited with code 3");
  });

  it("validates with the version's validator", async () => {
    const args = { path: "package.json", limit: "many" };
    const on16 = started("1.6.0");
    expect((await resultOf(on16.playground, on16.events, "read", args)).text).toContain(
      "limit: expected number, got string",
    );
    const on07 = started("0.73.1");
    expect((await resultOf(on07.playground, on07.events, "read", args)).text).toContain(
      "limit: must be number",
    );
  });

  it("switching keeps the files, rebuilds the table and the prompt, and says so", async () => {
    const { events, playground } = started("1.6.0");
    await playground.hand.runToolCall("write", JSON.stringify({ path: "kept.md", content: "mine" }));
    const on16 = last(events, "tool_set_changed");
    expect(on16?.tools.find((t) => t.name === "powershell")).toMatchObject({
      state: "off",
      listedOnly: true,
    });
    const from = events.length;
    playground.handle({ type: "set_pi_version", version: "0.73.1" });
    const after = events.slice(from);
    expect(after[0]).toMatchObject({ type: "pi_version_changed", version: "0.73.1", previous: "1.6.0" });
    expect(after.map((e) => e.type)).toEqual(
      expect.arrayContaining(["prompt_sections_changed", "tool_set_changed"]),
    );
    expect(last(events, "tool_set_changed")?.tools.map((t) => t.name)).not.toContain("powershell");
    // 0.73.1's flat prompt carries the date line; 1.6.0's does not.
    expect(playground.session.tools.prompt.content).toMatch(/Current date: \d{4}-\d{2}-\d{2}/);
    expect(playground.session.workspace.filesMap()["kept.md"]).toBe("mine");
    playground.handle({ type: "set_pi_version", version: "1.6.0" });
    expect(playground.session.tools.prompt.content).not.toMatch(/Current date:/);
  });

  it("refuses to switch on 1.6.0's powershell, and says why", () => {
    const { events, playground } = started("1.6.0");
    playground.handle({ type: "set_tool_state", name: "powershell", state: "active" });
    expect(last(events, "session_error")).toMatchObject({
      about: { code: "notOffered", name: "powershell" },
    });
  });

  it("a scenario's pi field picks the version; a share link without one opens on 0.73.1", () => {
    const { events, playground } = started("1.6.0");
    playground.handle({
      type: "scenario_load",
      scenario: { title: "t", description: "", pi: "0.73.1", steps: [] },
    });
    expect(playground.session.piVersion).toBe("0.73.1");
    expect(last(events, "pi_version_changed")).toMatchObject({ cause: "scenario" });
    playground.handle({ type: "set_pi_version", version: "1.6.0" });
    const shared = playground.share.state();
    expect(shared.pi).toBe("1.6.0");
    playground.handle({ type: "load_shared", shared: { files: shared.files, tools: shared.tools } });
    expect(playground.session.piVersion).toBe("0.73.1");
    playground.handle({ type: "load_shared", shared });
    expect(playground.session.piVersion).toBe("1.6.0");
    expect(playground.share.kept().pi).toBe("1.6.0");
  });

  it("Save as scenario writes the version the conversation ran on", async () => {
    const { playground } = started("0.73.1");
    await playground.hand.runToolCall("read", JSON.stringify({ path: "package.json" }));
    expect(playground.answer({ type: "save_scenario" })).toMatchObject({ pi: "0.73.1" });
  });
});
