import type { SessionEvent } from "@agent/events";
import { describe, expect, it, vi } from "vitest";
import { type BridgeDeps, checkHost, parseHostMessage, startBridge } from "./bridge";

const LESSON = "https://school.example";

function deps(over: Partial<BridgeDeps> = {}) {
  let listener: ((event: { origin: string; data: unknown }) => void) | undefined;
  let eventListener: ((event: SessionEvent) => void) | undefined;
  const posted: { message: unknown; origin: string }[] = [];
  const d: BridgeDeps = {
    host: LESSON,
    referrer: `${LESSON}/lesson-3.html`,
    ancestors: [LESSON],
    parent: { postMessage: (message, origin) => posted.push({ message, origin }) },
    listen: (on) => {
      listener = on;
    },
    onEvent: (on) => {
      eventListener = on;
    },
    load: vi.fn(),
    play: vi.fn(),
    pause: vi.fn(),
    step: vi.fn(),
    reset: vi.fn(),
    warn: vi.fn(),
    ...over,
  };
  return {
    d,
    posted,
    message: (origin: string, data: unknown) => listener?.({ origin, data }),
    event: (event: object) => eventListener?.(event as SessionEvent),
  };
}

describe("checkHost", () => {
  it("takes host= when the browser says that page embeds the widget", () => {
    expect(checkHost(deps().d)).toEqual({ ok: true, origin: LESSON });
  });
  it("refuses host= naming another page than the one embedding it", () => {
    expect(checkHost(deps({ ancestors: ["https://elsewhere.example"] }).d)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(checkHost(deps({ ancestors: null, referrer: "https://elsewhere.example/x" }).d).ok).toBe(false);
  });
  it("says when host= is missing, and when the page is not in a frame at all", () => {
    expect(checkHost(deps({ host: null }).d)).toEqual({ ok: false, reason: "missing" });
    expect(checkHost(deps({ parent: null }).d)).toEqual({ ok: false, reason: "unframed" });
  });
});

describe("parseHostMessage", () => {
  it("reads the five orders and names what is wrong with anything else", () => {
    expect(parseHostMessage({ type: "pi-playground:play" })).toEqual({ type: "pi-playground:play" });
    expect(parseHostMessage({ type: "pi-playground:load", scenario: "abort" })).toEqual({
      type: "pi-playground:load",
      scenario: "abort",
    });
    expect(parseHostMessage({ type: "pi-playground:load", scenario: "../secret" })).toMatch(/scenario/);
    expect(parseHostMessage({ type: "pi-playground:fly" })).toMatch(/not a message the widget knows/);
    expect(parseHostMessage("play")).toMatch(/no `type`/);
  });
});

describe("startBridge", () => {
  it("obeys the lesson page, ignores another origin, and answers to the lesson page alone", () => {
    const { d, posted, message, event } = deps();
    startBridge(d);
    expect(posted).toEqual([{ message: { type: "pi-playground:ready" }, origin: LESSON }]);

    message("https://evil.example", { type: "pi-playground:play" });
    expect(d.play).not.toHaveBeenCalled();
    expect(d.warn).toHaveBeenCalledWith(
      expect.stringContaining("Ignored a message from https://evil.example"),
    );

    message(LESSON, { type: "pi-playground:load", scenario: "abort" });
    message(LESSON, { type: "pi-playground:step" });
    message(LESSON, { type: "pi-playground:reset" });
    expect(d.load).toHaveBeenCalledWith("abort.json");
    expect(d.step).toHaveBeenCalledOnce();
    expect(d.reset).toHaveBeenCalledOnce();

    event({ type: "scenario_step", index: 0, display: 0, kind: "user" });
    event({ type: "scenario_state", status: "done" });
    event({ type: "scenario_state", status: "done" });
    expect(posted.slice(1).map((p) => p.message)).toEqual([
      { type: "pi-playground:stepped", index: 0, display: 0, kind: "user" },
      { type: "pi-playground:finished" },
    ]);
    expect(posted.every((p) => p.origin === LESSON)).toBe(true);
  });

  it("with a host= that does not match, listens to nobody and says why in the console", () => {
    const { d, posted, message } = deps({ ancestors: ["https://elsewhere.example"] });
    expect(startBridge(d)).toEqual({ ok: false, reason: "mismatch" });
    message(LESSON, { type: "pi-playground:play" });
    expect(d.play).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
    expect(d.warn).toHaveBeenCalledWith(expect.stringContaining("does not match"));
  });
});
