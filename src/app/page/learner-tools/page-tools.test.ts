import type { SessionCommand } from "@agent/protocol";
import { describe, expect, it } from "vitest";
import { createLearnerToolsHandle } from "./page-tools";

function setup() {
  const sent: SessionCommand[] = [];
  const watched: string[] = [];
  const handle = createLearnerToolsHandle({
    host: { send: (c) => void sent.push(c), request: (async () => []) as never },
    watchdog: { registering: (source) => void watched.push(source) },
  });
  return { handle, sent, watched };
}

const wc = { name: "wc", source: "// wc", enabled: true };
const read = { name: "read", source: "// read", enabled: true, replaces: "read" };

describe("the accept step for someone else's tools", () => {
  it("shows an offer and sends nothing to the session until the learner accepts it", () => {
    const { handle, sent } = setup();
    handle.offer([wc, read]);
    expect(handle.offers.getSnapshot().map((t) => t.name)).toEqual(["wc", "read"]);
    expect(sent).toEqual([]);
    handle.accept("read");
    expect(sent).toEqual([{ type: "register_tool", source: "// read", replace: true }]);
    expect(handle.offers.getSnapshot()).toEqual([wc]);
  });

  it("accepts all at once under the watchdog, and keeps nothing of a declined one", () => {
    const { handle, sent, watched } = setup();
    handle.offer([wc, read]);
    handle.dismiss("wc");
    expect(handle.offers.getSnapshot()).toEqual([read]);
    handle.offer([wc]);
    handle.acceptAll();
    expect(sent.map((c) => c.type === "register_tool" && c.source)).toEqual(["// read", "// wc"]);
    expect(watched).toEqual(["// read", "// wc"]);
    expect(handle.offers.getSnapshot()).toEqual([]);
    handle.accept("wc");
    expect(sent).toHaveLength(2);
  });

  it("a second link's file of the same name takes the first one's place in the offers", () => {
    const { handle } = setup();
    handle.offer([wc]);
    handle.offer([{ ...wc, source: "// newer" }]);
    expect(handle.offers.getSnapshot()).toEqual([{ ...wc, source: "// newer" }]);
  });
});
