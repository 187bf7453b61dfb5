import { exportEvents } from "@agent/events";
import { calls, ev, resetSeq } from "@state/session-events.fixture";
import { createSessionStores } from "@state/session-stores";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES } from "../common/share/limits";
import { parseEventsFile } from "./events-file";
import { createEventsReplay } from "./events-import";

const KEY = "sk-test-0123456789abcdefghijklmnop";
const file = (text: string, name = "events.jsonl") => ({ name, size: text.length, text: async () => text });

function recorded(note = "hello") {
  resetSeq();
  const live = createSessionStores();
  live.replay([...calls(2), ev({ type: "notice", id: 1, text: note })]);
  return live;
}

describe("parseEventsFile", () => {
  it("reads an export back, skipping blank lines and CRLF ends", () => {
    const text = exportEvents(recorded().events.latest().events);
    const parsed = parseEventsFile(`${text.replaceAll("\n", "\r\n")}\r\n\r\n`);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.events.map((e) => e.type)).toEqual(
      recorded()
        .events.latest()
        .events.map((e) => e.type),
    );
  });

  it("names the first wrong line and what is wrong with it", () => {
    const good = JSON.stringify({ type: "agent_start", seq: 1, ts: 5 });
    expect(parseEventsFile(`${good}\n\n{oops`)).toEqual({ ok: false, problem: "notJson", line: 3 });
    expect(parseEventsFile(`${good}\n[1, 2]`)).toEqual({ ok: false, problem: "notObject", line: 2 });
    expect(parseEventsFile(`${good}\n"text"`)).toEqual({ ok: false, problem: "notObject", line: 2 });
    expect(parseEventsFile('{"type":"agent_start","seq":1}')).toEqual({
      ok: false,
      problem: "missingStamp",
      line: 1,
    });
    expect(parseEventsFile('{"type":"agent_start","seq":-1,"ts":1}')).toMatchObject({
      problem: "missingStamp",
    });
    expect(parseEventsFile('{"type":"agent_start","seq":1.5,"ts":1}')).toMatchObject({
      problem: "missingStamp",
    });
    expect(parseEventsFile(`${good}\n{"type":"launch_rockets","seq":2,"ts":1}`)).toEqual({
      ok: false,
      problem: "unknownType",
      line: 2,
      type: "launch_rockets",
    });
    // A name inherited from Object.prototype is not an event type.
    expect(parseEventsFile('{"type":"constructor","seq":2,"ts":1}')).toMatchObject({
      problem: "unknownType",
    });
    expect(parseEventsFile("\n  \n")).toEqual({ ok: false, problem: "empty" });
  });
});

describe("the events replay", () => {
  it("shows an exported run in stores of its own, the same picture as where it was recorded", async () => {
    const live = recorded();
    const created: ReturnType<typeof createSessionStores>[] = [];
    const replay = createEventsReplay({
      createStores: () => {
        const s = createSessionStores();
        created.push(s);
        return s;
      },
    });
    const text = exportEvents(live.events.latest().events);
    expect(await replay.importFile(file(text))).toEqual({ ok: true, events: live.events.latest().total });
    const shown = replay.view.getSnapshot();
    expect(shown?.name).toBe("events.jsonl");
    expect(shown?.events).toBe(live.events.latest().total);
    expect(shown?.stores.transcript.getSnapshot()).toEqual(live.transcript.getSnapshot());
    expect(shown?.stores.timeline.getSnapshot()).toEqual(live.timeline.getSnapshot());
    expect(shown?.stores.dispatch.getSnapshot()).toEqual(live.dispatch.getSnapshot());
    replay.back();
    expect(replay.view.getSnapshot()).toBeNull();
  });

  it("a wrong line, an event the folds cannot take or a file too large changes nothing and says why", async () => {
    const replay = createEventsReplay({ createStores: () => createSessionStores() });
    const good = exportEvents(recorded().events.latest().events);
    expect(await replay.importFile(file(good))).toMatchObject({ ok: true });
    const before = replay.view.getSnapshot();

    const lines = good.split("\n");
    lines[4] = lines[4].slice(0, 20);
    expect(await replay.importFile(file(lines.join("\n"), "cut.jsonl"))).toEqual({
      ok: false,
      problem: "notJson",
      line: 5,
    });
    expect(replay.problem.getSnapshot()).toEqual({
      ok: false,
      problem: "notJson",
      line: 5,
      name: "cut.jsonl",
    });
    // A message event with no message: a known type the folds cannot draw.
    const broken = `${good}\n${JSON.stringify({ type: "message_end", seq: 99, ts: 1 })}`;
    expect(await replay.importFile(file(broken))).toEqual({
      ok: false,
      problem: "cannotShow",
      line: good.split("\n").length + 1,
      type: "message_end",
    });
    const huge = { name: "big.jsonl", size: MAX_IMPORT_BYTES + 1, text: async () => "" };
    expect(await replay.importFile(huge)).toMatchObject({ ok: false, problem: "tooLarge" });
    expect(replay.view.getSnapshot()).toBe(before);
    replay.dismissProblem();
    expect(replay.problem.getSnapshot()).toBeNull();
  });

  it("masks a key the page holds, as an export does; drawing failures go back to the live session", async () => {
    const replay = createEventsReplay({ createStores: () => createSessionStores(), secrets: () => [KEY] });
    await replay.importFile(file(exportEvents(recorded(`the key ${KEY} leaked`).events.latest().events)));
    const shown = replay.view.getSnapshot();
    expect(JSON.stringify(shown?.stores.events.latest().events)).not.toContain(KEY);
    expect(JSON.stringify(shown?.stores.status.getSnapshot())).toContain("leaked");
    replay.drawFailed();
    expect(replay.view.getSnapshot()).toBeNull();
    expect(replay.problem.getSnapshot()).toMatchObject({ problem: "cannotShow", name: "events.jsonl" });
  });
});

describe("an events file, any input", () => {
  const known = [
    "agent_start",
    "message_end",
    "tool_execution_end",
    "workspace_reset",
    "notice",
    "call_done",
  ];
  const line = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc
      .record({
        type: fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 50 })),
        seq: fc.oneof(fc.nat(), fc.integer(), fc.double()),
        ts: fc.oneof(fc.nat(), fc.double()),
        message: fc.jsonValue({ maxDepth: 2 }),
        files: fc.jsonValue({ maxDepth: 1 }),
        text: fc.jsonValue({ maxDepth: 0 }),
        id: fc.jsonValue({ maxDepth: 0 }),
      })
      .map((v) => JSON.stringify(v)),
  );
  const text = fc.array(line, { maxLength: 8 }).map((lines) => lines.join("\n"));

  it("imports or names a problem (and its line within the file); the live view is never left half-drawn", async () => {
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const replay = createEventsReplay({ createStores: () => createSessionStores() });
        const result = await replay.importFile(file(t));
        if (result.ok) {
          expect(replay.view.getSnapshot()?.events).toBe(result.events);
          return;
        }
        expect(replay.view.getSnapshot()).toBeNull();
        expect(typeof result.problem).toBe("string");
        if (result.line !== undefined) {
          expect(result.line).toBeGreaterThanOrEqual(1);
          expect(result.line).toBeLessThanOrEqual(t.split("\n").length);
        }
        if (result.type !== undefined) expect(result.type.length).toBeLessThanOrEqual(50);
      }),
      { numRuns: 200 },
    );
  });
});
