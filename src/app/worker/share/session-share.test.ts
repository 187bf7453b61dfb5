import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../shared/presets/index";
import { MAX_IMPORT_ENTRIES } from "../../shared/share/limits";
import { PlaygroundSession } from "../session";

const text = (s: string) => new TextEncoder().encode(s);

function started() {
  const events: SessionEvent[] = [];
  const snapshots: string[] = [];
  const session = new PlaygroundSession((e) => events.push(e), { onSnapshot: (_f, r) => snapshots.push(r) });
  session.handle({ type: "init" });
  events.length = 0;
  return { session, events, snapshots };
}

describe("the session's imports and shared work", () => {
  it("writes an import beside what is there, as file changes, then refreshes the prompt and snapshots", () => {
    const { session, events, snapshots } = started();
    session.handle({
      type: "import_files",
      entries: [
        { path: "in/a.txt", kind: "file", data: text("a") },
        { path: "in/empty", kind: "dir" },
        { path: "in/link", kind: "symlink", target: "a.txt" },
        { path: "../out.txt", kind: "file", data: text("no") },
        { path: "package.json/x", kind: "file", data: text("under a file") },
      ],
    });
    const files = session.filesMap();
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
    const { session } = started();
    session.loadScenario({ title: "T", steps: [{ user: "hi" }] });
    session.handle({ type: "set_tool_state", name: "grep", state: "hidden" });
    session.handle({ type: "write_file", path: "notes.md", content: "mine" });
    const state = session.shareState();
    expect(state.scenario?.title).toBe("T");
    expect(state.tools).toEqual({ active: ["read", "bash", "edit", "write"], hidden: ["grep"] });
    expect(state.files["notes.md"]).toBe("mine");

    const { session: other, events } = started();
    other.handle({ type: "load_shared", shared: state });
    expect(other.filesMap()).toEqual(state.files);
    expect(other.shareState()).toEqual(state);
    expect(events.map((e) => e.type)).toContain("scenario_loaded");
  });

  it("refuses shared work holding a path outside the workspace, and changes nothing", () => {
    const { session, events } = started();
    const before = session.filesMap();
    session.handle({ type: "load_shared", shared: { files: { "../x": "no" }, tools: { active: [] } } });
    expect(events.map((e) => e.type)).toEqual(["session_error"]);
    expect(session.filesMap()).toEqual(before);
  });

  it("refuses shared work whose files clash (a file where a folder is needed) before anything changes", () => {
    const { session, events } = started();
    const before = session.filesMap();
    session.handle({
      type: "load_shared",
      shared: { files: { a: "file", "a/b": "under it" }, tools: { active: ["read"] } },
    });
    expect(events.map((e) => e.type)).toEqual(["session_error"]);
    expect(session.filesMap()).toEqual(before);
    expect(session.shareState().tools.active).toEqual(["read", "bash", "edit", "write"]);
  });

  it("writes nothing of an import past the entry limit: all of it or none", () => {
    const { session, events } = started();
    const before = session.filesMap();
    const entries = Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => ({
      path: `many/f${i}.txt`,
      kind: "file" as const,
      data: text("x"),
    }));
    session.handle({ type: "import_files", entries });
    expect(session.filesMap()).toEqual(before);
    expect(events.some((e) => e.type === "file_changed")).toBe(false);
  });
});
