import { describe, expect, it } from "vitest";
import { createAckScheduler } from "./ack-scheduler";

function fakeDocument() {
  const listeners: (() => void)[] = [];
  return {
    hidden: false,
    addEventListener: (_type: "visibilitychange", listener: () => void) => listeners.push(listener),
    setHidden(hidden: boolean) {
      this.hidden = hidden;
      for (const listener of listeners) listener();
    },
  };
}

describe("when the page acknowledges events", () => {
  it("after the next frame while the tab is shown", () => {
    const doc = fakeDocument();
    const frames: (() => void)[] = [];
    const schedule = createAckScheduler(doc, (run) => frames.push(run));
    let sent = 0;
    schedule(() => sent++);
    expect(sent).toBe(0);
    frames[0]();
    expect(sent).toBe(1);
  });

  it("at once in a hidden tab, and when the tab is hidden while one waits for its frame (sent only once)", () => {
    const doc = fakeDocument();
    const frames: (() => void)[] = [];
    const soon: (() => void)[] = [];
    const schedule = createAckScheduler(
      doc,
      (run) => frames.push(run),
      (run) => soon.push(run),
    );
    let sent = 0;
    schedule(() => sent++);
    doc.setHidden(true);
    expect(sent).toBe(1);
    frames[0](); // the frame comes after all, when the tab is shown again: nothing more is sent
    expect(sent).toBe(1);
    schedule(() => sent++);
    expect(frames).toHaveLength(1);
    soon[0]();
    expect(sent).toBe(2);
  });
});
