/** The page's side of "Save as scenario" and of `?scenario=<url>` links. */
import type { SessionRequest } from "@agent/protocol";
import type { Scenario } from "@agent/scenario";
import type { ScenarioInput } from "@agent/scenario-schema";
import { describe, expect, it } from "vitest";
import { pageSessionFixture } from "./page-session.fixture";

const KEY = "sk-ant-api03-secret-0123456789abcdef";
const linked = { title: "From a link", description: "", steps: [] } as Scenario;
const shipped = { title: "Shipped", description: "", steps: [] } as Scenario;

function setup(
  options: { fetchScenarioUrl?: (url: string) => Promise<Scenario>; saved?: ScenarioInput | Error } = {},
) {
  return pageSessionFixture({
    host: {
      request: async (r: SessionRequest) => {
        if (r.type !== "save_scenario") return { text: "" } as never;
        if (options.saved instanceof Error) throw options.saved;
        return options.saved as never;
      },
      lastSnapshot: () => null,
    },
    now: () => 0,
    fetchScenario: async () => shipped,
    fetchScenarioUrl: options.fetchScenarioUrl ?? (async () => linked),
    secrets: () => [KEY],
  });
}

describe("a ?scenario= link", () => {
  it("loads the linked scenario, and the first visit's own pick gives way to it", async () => {
    const { page, sent } = setup();
    const link = page.openScenarioLink("/scenarios/queue-race.json");
    const initial = page.loadScenario("seed-prompts.json", { initial: true });
    expect(await link).toBe(true);
    expect(await initial).toBe(false);
    expect(sent).toEqual([{ type: "scenario_load", scenario: linked }]);
  });

  it("that cannot be opened says why in one sentence, changes nothing, and the first pick goes on", async () => {
    const { page, sent, notices } = setup({
      fetchScenarioUrl: async () => {
        throw new Error("nope.json: the server answered 404, expected the file");
      },
    });
    expect(await page.openScenarioLink("/nope.json")).toBe(false);
    expect(sent).toEqual([]);
    expect(notices()).toEqual([
      "The scenario link /nope.json could not be opened, so the page kept what it had: nope.json: the server answered 404, expected the file.",
    ]);
    expect(await page.loadScenario("seed-prompts.json", { initial: true })).toBe(true);
    expect(sent).toEqual([{ type: "scenario_load", scenario: shipped, keepHistory: true }]);
  });

  it("asks first when the editor has unsaved edits, and keeps them when the learner says so", async () => {
    const { page, sent, confirmations, unsaved } = setup();
    unsaved.mark("notes.md", true);
    const kept = page.openScenarioLink("/scenarios/queue-race.json");
    // the link's scenario is fetched before the question, so the question comes a moment later
    await expect
      .poll(() => confirmations.getSnapshot())
      .toMatchObject({ about: { action: "pick", paths: ["notes.md"] } });
    confirmations.answer(false);
    expect(await kept).toBe(false);
    expect(sent).toEqual([]);

    const loaded = page.openScenarioLink("/scenarios/queue-race.json");
    await expect.poll(() => confirmations.getSnapshot()).not.toBeNull();
    confirmations.answer(true);
    expect(await loaded).toBe(true);
    expect(sent).toEqual([{ type: "scenario_load", scenario: linked }]);
  });
});

describe("consent and restart", () => {
  it("loads nothing when the link's question is answered no, and asks it after the fetch", async () => {
    const { page, sent } = setup();
    const seen: Scenario[] = [];
    const declined = page.openScenarioLink("/scenarios/queue-race.json", async (scenario) => {
      seen.push(scenario);
      return false;
    });
    const initial = page.loadScenario("seed-prompts.json", { initial: true });
    expect(await declined).toBe(false);
    expect(seen).toEqual([linked]);
    // The first visit's own pick waited for the answer; the link loaded nothing, so the pick goes on.
    expect(await initial).toBe(true);
    expect(sent).toEqual([{ type: "scenario_load", scenario: shipped, keepHistory: true }]);
  });

  it("restarts the scenario loaded last, not the picker's pick", async () => {
    const fromFile = { title: "From a file", description: "", steps: [] } as Scenario;
    const { page, sent } = pageSessionFixture({
      fetchScenario: async () => shipped,
      loadedScenario: () => fromFile,
    });
    expect(await page.loadScenario("seed-prompts.json", { restart: true })).toBe(true);
    expect(sent).toEqual([{ type: "scenario_load", scenario: fromFile, keepHistory: false }]);
  });
});

describe("save as scenario", () => {
  it("downloads the session's file as <title>.scenario.json, with any key masked", async () => {
    const saved: ScenarioInput = {
      $schema: "../../docs/scenario.schema.json",
      title: "Read notes",
      steps: [{ user: `my key is ${KEY}` }],
    };
    const { page, downloads } = setup({ saved });
    await page.saveScenario();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ name: "read-notes.scenario.json", type: "application/json" });
    expect(downloads[0].text).not.toContain(KEY);
    expect(JSON.parse(downloads[0].text)).toMatchObject({
      title: "Read notes",
      steps: [{ user: expect.any(String) }],
    });
  });

  it("says so when the session cannot answer", async () => {
    const { page, downloads, notices } = setup({ saved: new Error("the session worker is gone") });
    await page.saveScenario();
    expect(downloads).toEqual([]);
    expect(notices()).toEqual([
      "The conversation could not be saved as a scenario: the session worker is gone.",
    ]);
  });
});
