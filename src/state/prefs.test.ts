import { describe, expect, it } from "vitest";
import {
  createPrefsStore,
  DEFAULT_PREFS,
  DEFAULT_PROJECTOR_PANELS,
  PANEL_IDS,
  panelOpen,
  parsePrefs,
} from "./prefs";

describe("prefs", () => {
  it("keeps only valid stored values and resizes columns within bounds", () => {
    expect(parsePrefs({ theme: "pink", projector: true, columns: [1, 2] })).toEqual({
      ...DEFAULT_PREFS,
      projector: true,
    });
    const prefs = createPrefsStore();
    prefs.resize(0, 0.2);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.resize(0, -5);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.togglePanel("timeline");
    expect(prefs.getSnapshot().collapsed).toEqual({ timeline: true });
  });

  it("loads prefs stored before projector mode had its own panels, with the default projector panels", () => {
    const old = { theme: "dark", projector: true, columns: [1, 1.4, 1.2], collapsed: { dispatch: true } };
    const p = parsePrefs(old);
    expect(p).toEqual({ ...old, projectorPanels: DEFAULT_PROJECTOR_PANELS });
    // The old collapsed dispatch table belongs to normal mode: the projector still shows it.
    expect(panelOpen(p, "dispatch")).toBe(true);
    expect(panelOpen({ ...p, projector: false }, "dispatch")).toBe(false);
    expect(DEFAULT_PROJECTOR_PANELS).toEqual(["dispatch", "conversation", "timeline", "system-prompt"]);
  });

  it("keeps known projector panels in page order, drops unknown ones and keeps an empty choice", () => {
    const stored = { projectorPanels: ["timeline", "nope", 3, "workspace", "timeline"] };
    expect(parsePrefs(stored).projectorPanels).toEqual(["workspace", "timeline"]);
    expect(parsePrefs({ projectorPanels: [] }).projectorPanels).toEqual([]);
    expect(parsePrefs({ projectorPanels: "dispatch" }).projectorPanels).toEqual(DEFAULT_PROJECTOR_PANELS);
  });

  it("toggles a panel in the current mode only, and each mode's choice survives a round trip", () => {
    const prefs = createPrefsStore();
    prefs.togglePanel("event-stream"); // normal mode: collapse
    prefs.patch({ projector: true });
    prefs.togglePanel("dispatch"); // projector: hide
    prefs.togglePanel("event-stream"); // projector: show
    let p = prefs.getSnapshot();
    expect(p.projectorPanels).toEqual(["conversation", "timeline", "system-prompt", "event-stream"]);
    expect(p.collapsed).toEqual({ "event-stream": true });
    prefs.patch({ projector: false });
    prefs.togglePanel("dispatch"); // normal: collapse, the projector's set stays
    p = prefs.getSnapshot();
    expect(p.collapsed).toEqual({ "event-stream": true, dispatch: true });
    expect(p.projectorPanels).toEqual(["conversation", "timeline", "system-prompt", "event-stream"]);
    expect(PANEL_IDS.map((id) => panelOpen(p, id))).toEqual([true, false, true, true, true, false, true]);
    // What persistPrefs writes (JSON) reads back unchanged.
    expect(parsePrefs(JSON.parse(JSON.stringify(p)))).toEqual(p);
  });
});
