import type { SessionEvent } from "@agent/events";
import { utf8Decode } from "@core/bytes";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;
const last = <T extends SessionEvent["type"]>(events: SessionEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type).at(-1);

function started() {
  const events: SessionEvent[] = [];
  const snapshots: string[] = [];
  const playground = new Playground((e) => events.push(e), { onSnapshot: (_f, r) => snapshots.push(r) });
  playground.handle({ type: "init" });
  return { playground, events, snapshots };
}

describe("switching backends", () => {
  it("moves the workspace into the fake WebContainer and back, and the tools' closures follow", async () => {
    const { playground, events, snapshots } = started();
    const before = playground.session.workspace.listFiles();
    await playground.session.workspace.setBackend({
      type: "set_backend",
      backend: "webcontainer",
      source: "fake",
    });
    expect(playground.session.workspace.listFiles()).toEqual(before);
    expect(last(events, "backend_changed")).toMatchObject({
      backend: "webcontainer (fake)",
      kind: "webcontainer",
      tools: {},
    });
    expect(last(events, "tool_set_changed")?.tools.every((t) => t.backend === "webcontainer (fake)")).toBe(
      true,
    );
    expect(snapshots.at(-1)).toBe("backend");

    await playground.hand.runToolCall("bash", JSON.stringify({ command: "echo in-container > made.txt" }));
    await playground.session.workspace.backend.settle();
    expect(playground.session.workspace.listFiles()).toContain("made.txt");
    expect(events.filter((e) => e.type === "file_changed")).toContainEqual(
      expect.objectContaining({ change: "create", path: "made.txt" }),
    );

    await playground.session.workspace.setBackend({ type: "set_backend", backend: "memfs" });
    expect(last(events, "backend_changed")).toMatchObject({ backend: "memfs", kind: "memfs" });
    expect(
      utf8Decode(playground.session.workspace.backend.readFile("/workspace/made.txt") ?? new Uint8Array()),
    ).toBe("in-container\n");
    expect(last(events, "tool_set_changed")?.tools.every((t) => t.backend === "memfs")).toBe(true);
  });

  it("holds tools on two backends at once: bash in the container, the rest on memfs over the same files", async () => {
    const { playground, events } = started();
    await playground.session.workspace.setBackend({
      type: "set_backend",
      backend: "webcontainer",
      source: "fake",
      tools: ["bash"],
    });
    const rows = last(events, "tool_set_changed")?.tools ?? [];
    expect(Object.fromEntries(rows.map((t) => [t.name, t.backend]))).toMatchObject({
      bash: "webcontainer (fake)",
      read: "memfs",
      write: "memfs",
    });
    // Each row says its backend's kind, so the page never reads one off the id.
    expect(Object.fromEntries(rows.map((t) => [t.name, t.backendKind]))).toMatchObject({
      bash: "webcontainer",
      read: "memfs",
    });
    expect(last(events, "backend_changed")?.tools).toMatchObject({ read: "memfs", write: "memfs" });
    // write on memfs, then bash in the container reads it: the local copy pushed it in.
    await playground.hand.runToolCall("write", JSON.stringify({ path: "note.txt", content: "from memfs\n" }));
    await playground.session.workspace.backend.settle();
    await playground.hand.runToolCall("bash", JSON.stringify({ command: "cat note.txt" }));
    const result = last(events, "tool_execution_end");
    expect(JSON.stringify(result)).toContain("from memfs");
  });

  it("loading a scenario or resetting the files goes back to memfs and says so", async () => {
    const { playground, events } = started();
    await playground.session.workspace.setBackend({
      type: "set_backend",
      backend: "webcontainer",
      source: "fake",
    });
    playground.session.workspace.reset("default");
    expect(last(events, "backend_changed")).toMatchObject({ backend: "memfs" });
  });
});

describe("a call in flight during a switch", () => {
  it("finishes on the tool it started with; the next call runs on the new backend", async () => {
    const { playground, events } = started();
    const running = playground.hand.runToolCall(
      "bash",
      JSON.stringify({ command: "sleep 0.3; echo old-closure" }),
      "slow",
    );
    await new Promise((r) => setTimeout(r, 50));
    await playground.session.workspace.setBackend({
      type: "set_backend",
      backend: "webcontainer",
      source: "fake",
    });
    await running;
    const end = events.find(
      (e): e is Of<"tool_execution_end"> => e.type === "tool_execution_end" && e.toolCallId === "slow",
    );
    expect(JSON.stringify(end)).toContain("old-closure");
    expect(end?.isError).toBe(false);
    await playground.hand.runToolCall("bash", JSON.stringify({ command: "pwd" }), "after");
    const next = events.find(
      (e): e is Of<"tool_execution_end"> => e.type === "tool_execution_end" && e.toolCallId === "after",
    );
    // The container's process sees its workdir: the new closure is the container's.
    expect(JSON.stringify(next)).toContain("/home/playground");
  });
});
