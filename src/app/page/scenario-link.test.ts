import type { Scenario } from "@agent/scenario";
import type { Choice, Question } from "@state/confirmations";
import type { LinkSummary } from "@ui/Share/share-handle";
import { describe, expect, it } from "vitest";
import { createLoadedScenario } from "./loaded-scenario";
import { createScenarioLinks, KEPT_SCENARIO_LINK_KEY } from "./scenario-link";

const linked = {
  title: "Queue race",
  description: "",
  workspace: { files: { "a.ts": "x\n", "b.ts": "y\n", src: { dir: true } } },
  steps: [{ user: "go" }],
} as Scenario;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

function setup(options: { restored: boolean | null; answer?: Choice }) {
  let search = "?scenario=%2Fscenarios%2Fq.json&lang=en";
  const asked: { summary: LinkSummary; canOpenAsNew: boolean }[] = [];
  const loads: string[] = [];
  const created: string[] = [];
  let flushed = 0;
  const tab = memoryStorage();
  const links = createScenarioLinks({
    open: async (url, consent) => {
      if (consent && !(await consent(linked))) return false;
      loads.push(url);
      return true;
    },
    address: {
      search: () => search,
      replace: (s) => {
        search = s;
      },
    },
    restored: () => options.restored,
    onRestore: () => () => {},
    workspaces: {
      names: () => ["Workspace 1", "Queue race"],
      create: async (name, beforeReload) => {
        created.push(name);
        beforeReload();
      },
    },
    question: (summary, canOpenAsNew) => {
      asked.push({ summary, canOpenAsNew });
      return { title: "", text: "", confirm: "", cancel: "" } satisfies Question;
    },
    choose: async () => options.answer ?? "cancel",
    newName: () => "Shared work",
    flush: async () => void flushed++,
    presetFiles: async () => ({ "p.txt": "p" }),
    currentFiles: async () => ({ "a.ts": "old\n", "b.ts": "y\n", "gone.txt": "g" }),
    tab,
    setTimeout: (run) => run(),
  });
  return { links, asked, loads, created, tab, search: () => search, flushed: () => flushed };
}

describe("a ?scenario= link", () => {
  it("opens at once over a fresh workspace, and comes off the address", async () => {
    const s = setup({ restored: false });
    expect(await s.links.openFromAddress(false)).toBe(true);
    expect(s.loads).toEqual(["/scenarios/q.json"]);
    expect(s.asked).toEqual([]);
    expect(s.search()).toBe("?lang=en");
    // Taken off: a reload (Bring back's) does not open it again.
    expect(await s.links.openFromAddress(false)).toBe(false);
  });

  it("asks over restored work, says what the scenario holds, and keep loads nothing", async () => {
    const s = setup({ restored: true, answer: "cancel" });
    expect(await s.links.openFromAddress(false)).toBe(false);
    expect(s.loads).toEqual([]);
    expect(s.asked).toEqual([
      {
        summary: {
          source: "scenario",
          learnerTools: [],
          files: 3,
          // The folder is an entry, never a file added; b.ts holds the same bytes, so is not changed.
          changes: { added: [], changed: ["a.ts"], removed: ["gone.txt"] },
          tools: ["read", "bash", "edit", "write"],
          scenario: "Queue race",
          steps: 1,
        },
        canOpenAsNew: true,
      },
    ]);
  });

  it("replaces after a yes, saving what waited first, so Bring back has the latest", async () => {
    const s = setup({ restored: true, answer: "confirm" });
    expect(await s.links.openFromAddress(false)).toBe(true);
    expect(s.flushed()).toBe(1);
    expect(s.loads).toEqual(["/scenarios/q.json"]);
  });

  it("asks when reached later in the page, and when it is not known whether work was restored", async () => {
    const later = setup({ restored: false });
    await later.links.openFromAddress(true);
    expect(later.asked).toHaveLength(1);
    const unknown = setup({ restored: null });
    await unknown.links.openFromAddress(false);
    expect(unknown.asked).toHaveLength(1);
  });

  it("opens as a new workspace named after the scenario, and loads there once, unasked", async () => {
    const s = setup({ restored: true, answer: "alternative" });
    expect(await s.links.openFromAddress(false)).toBe(false);
    expect(s.created).toEqual(["Queue race (2)"]);
    expect(s.tab.getItem(KEPT_SCENARIO_LINK_KEY)).toBe("/scenarios/q.json");
    expect(await s.links.openKept()).toBe(true);
    expect(s.loads).toEqual(["/scenarios/q.json"]);
    expect(await s.links.openKept()).toBe(false);
  });
});

describe("the scenario loaded last", () => {
  it("is the one sent, wherever it came from; a share link's with the link's files", () => {
    const loaded = createLoadedScenario();
    expect(loaded.last()).toBeNull();
    loaded.sent({ type: "scenario_load", scenario: linked });
    expect(loaded.last()).toBe(linked);
    loaded.sent({ type: "abort" });
    expect(loaded.last()).toBe(linked);
    loaded.sent({
      type: "load_shared",
      shared: { files: { "c.ts": "z\n" }, tools: { active: ["read"] }, scenario: linked },
    });
    expect(loaded.last()).toEqual({ ...linked, workspace: { files: { "c.ts": "z\n" } } });
    loaded.sent({ type: "load_shared", shared: { files: {}, tools: { active: ["read"] } } });
    expect(loaded.last()).toBeNull();
  });
});
