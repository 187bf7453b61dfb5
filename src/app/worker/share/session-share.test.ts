import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../common/presets/index";
import { MAX_IMPORT_ENTRIES } from "../../common/share/limits";
import { Playground } from "../playground";

const text = (s: string) => new TextEncoder().encode(s);

function started() {
  const events: SessionEvent[] = [];
  const snapshots: string[] = [];
  const playground = new Playground((e) => events.push(e), { onSnapshot: (_f, r) => snapshots.push(r) });
  playground.handle({ type: "init" });
  events.length = 0;
  return { playground, events, snapshots };
}

describe("the session's imports and shared work", () => {
  it("writes an import beside what is there, as file changes, then refreshes the prompt and snapshots", () => {
    const { playground, events, snapshots } = started();
    playground.handle({
      type: "import_files",
      entries: [
        { path: "in/a.txt", kind: "file", data: text("a") },
        { path: "in/empty", kind: "dir" },
        { path: "in/link", kind: "symlink", target: "a.txt" },
        { path: "../out.txt", kind: "file", data: text("no") },
        { path: "package.json/x", kind: "file", data: text("under a file") },
      ],
    });
    const files = playground.session.workspace.filesMap();
    expect(files["in/a.txt"]).toBe("a");
    expect(files["in/empty"]).toEqual({ dir: true });
    expect(files["in/link"]).toEqual({ symlink: "a.txt" });
    expect(files["package.json"]).toBe(PRESETS.default["package.json"]);
    expect(Object.keys(files).some((p) => p.includes("out.txt") || p.startsWith("package.json/"))).toBe(
      false,
    );
    expect(events.some((e) => e.type === "file_changed" && e.path === "in/a.txt")).toBe(true);
    expect(events.some((e) => e.type === "session_error")).toBe(false);
    expect(snapshots).toEqual(["import"]);
  });

  it("answers share_state with the files, tools and the scenario loaded, and load_shared puts them back", () => {
    const { playground } = started();
    playground.scenarios.load({ title: "T", steps: [{ user: "hi" }] });
    playground.handle({ type: "set_tool_state", name: "grep", state: "hidden" });
    playground.handle({ type: "write_file", path: "notes.md", content: "mine" });
    const state = playground.share.state();
    expect(state.scenario?.title).toBe("T");
    expect(state.tools).toEqual({ active: ["read", "bash", "edit", "write"], hidden: ["grep"] });
    expect(state.files["notes.md"]).toBe("mine");

    const { playground: other, events } = started();
    other.handle({ type: "load_shared", shared: state });
    expect(other.session.workspace.filesMap()).toEqual(state.files);
    expect(other.share.state()).toEqual(state);
    expect(events.map((e) => e.type)).toContain("scenario_loaded");
  });

  it("refuses shared work holding a path outside the workspace, and changes nothing", () => {
    const { playground, events } = started();
    const before = playground.session.workspace.filesMap();
    playground.handle({ type: "load_shared", shared: { files: { "../x": "no" }, tools: { active: [] } } });
    expect(events.map((e) => e.type)).toEqual(["session_error"]);
    expect(playground.session.workspace.filesMap()).toEqual(before);
  });

  it("refuses shared work whose files clash (a file where a folder is needed) before anything changes", () => {
    const { playground, events } = started();
    const before = playground.session.workspace.filesMap();
    playground.handle({
      type: "load_shared",
      shared: { files: { a: "file", "a/b": "under it" }, tools: { active: ["read"] } },
    });
    expect(events.map((e) => e.type)).toEqual(["session_error"]);
    expect(playground.session.workspace.filesMap()).toEqual(before);
    expect(playground.share.state().tools.active).toEqual(["read", "bash", "edit", "write"]);
  });

  it("writes nothing of an import past the entry limit: all of it or none", () => {
    const { playground, events } = started();
    const before = playground.session.workspace.filesMap();
    const entries = Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => ({
      path: `many/f${i}.txt`,
      kind: "file" as const,
      data: text("x"),
    }));
    playground.handle({ type: "import_files", entries });
    expect(playground.session.workspace.filesMap()).toEqual(before);
    expect(events.some((e) => e.type === "file_changed")).toBe(false);
  });
});
