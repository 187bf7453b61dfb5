/**
 * Reading pi session files: the two files real pi wrote (tests/fixtures/pi-sessions), broken and foreign
 * files, a branch left behind, a 30 MB file in pieces, and the session as a scenario the page accepts.
 */
import { readFileSync } from "node:fs";
import { PiSessionReader, readPiSession } from "@agent/pi-session/read";
import { piSessionEvents } from "@agent/pi-session/to-events";
import { describe, expect, it } from "vitest";

const fixture = (version: string) =>
  readFileSync(new URL(`fixtures/pi-sessions/pi-${version}.jsonl`, import.meta.url), "utf8");

describe("a session file pi wrote", () => {
  for (const version of ["0.73.1", "1.6.0"]) {
    it(`pi ${version}: reads the branch, its four calls and pi's results`, () => {
      const file = readPiSession(fixture(version));
      expect(file.problem).toBeNull();
      expect(file.header).toMatchObject({ version: 3, cwd: "/home/learner/demo" });
      expect(file.skipped).toEqual([]);
      const { events, calls } = piSessionEvents(file);
      expect(calls.map((c) => [c.toolName, c.args])).toEqual([
        ["read", { path: "notes.txt" }],
        ["read", { path: "todo.md" }],
        ["bash", { command: "wc -l notes.txt" }],
        ["bash", { command: "cat missing.txt" }],
      ]);
      expect(calls[0]).toMatchObject({
        text: "hello from pi\nsecond line\n",
        isError: false,
        answered: true,
      });
      expect(calls[3]).toMatchObject({ isError: true });
      expect(calls[3].text).toContain("Command exited with code 1");
      const types = events.map((e) => e.type);
      expect(types.slice(0, 3)).toEqual([
        "session_ready",
        "tool_set_changed",
        version === "1.6.0" ? "system_message_seeded" : "agent_start",
      ]);
      // The dispatch table lists the tools the session called.
      expect(events[1]).toMatchObject({ tools: [{ name: "read" }, { name: "bash" }] });
      expect(types.filter((t) => t === "tool_execution_end")).toHaveLength(4);
      expect(types.at(-1)).toBe("agent_end");
      // Each call ends before its result message starts, as pi's loop has it.
      const end = events.findIndex((e) => e.type === "tool_execution_end");
      expect(events[end + 1]).toMatchObject({ type: "message_start", message: { role: "toolResult" } });
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      // 1.6.0 writes its system prompt into the file: the prompt panel gets it by section.
      const prompt = events.find((e) => e.type === "prompt_sections_changed");
      if (version === "1.6.0")
        expect(prompt).toMatchObject({ reason: "init", byName: { tools: "Tools: read, bash." } });
      else expect(prompt).toBeUndefined();
    });
  }
});

describe("a file with problems", () => {
  it("skips broken lines, names them, and reads the rest", () => {
    const lines = fixture("0.73.1").split("\n");
    lines.splice(3, 0, "{not json", '"a string"', '{"type":"message","id":"x","parentId":null}');
    const file = readPiSession(lines.join("\n"));
    expect(file.skipped).toEqual([
      { line: 4, reason: "notJson" },
      { line: 5, reason: "notEntry" },
      { line: 6, reason: "noMessage" },
    ]);
    expect(piSessionEvents(file).calls).toHaveLength(4);
  });

  it("a broken line inside the chain hides none of the history before it", () => {
    const lines = fixture("0.73.1").trimEnd().split("\n");
    // The user's message, parent of the assistant's, is broken.
    const user = lines.findIndex((l) => l.includes('"role":"user"'));
    lines[user] = lines[user].slice(0, 40);
    const file = readPiSession(lines.join("\n"));
    expect(file.skipped).toEqual([{ line: user + 1, reason: "notJson" }]);
    expect(file.path[0].type).toBe("model_change");
    expect(piSessionEvents(file).calls).toHaveLength(4);
  });

  it("says which version it got and which it reads", () => {
    const file = readPiSession('{"type":"session","version":9,"id":"a","cwd":"/","timestamp":""}\n');
    expect(file.problem).toMatch(/format version 9; the page reads versions 1 to 3/);
    expect(file.path).toEqual([]);
  });

  it("says so when the file is not a pi session at all", () => {
    expect(readPiSession('{"seq":1,"ts":0,"type":"agent_start"}\n').problem).toMatch(/no pi session header/);
  });

  it("follows the branch the session ended on, not an abandoned one", () => {
    const header = '{"type":"session","version":3,"id":"s","cwd":"/","timestamp":"2026-01-01T00:00:00Z"}';
    const user = (id: string, parent: string | null, text: string) =>
      JSON.stringify({ type: "message", id, parentId: parent, message: { role: "user", content: text } });
    const file = readPiSession(
      [header, user("a", null, "first"), user("b", "a", "abandoned"), user("c", "a", "kept")].join("\n"),
    );
    expect(file.path.map((e) => e.id)).toEqual(["a", "c"]);
    expect(file.entries).toBe(3);
  });
});

it("reads a 30 MB file in pieces, a line cut across two pieces included", () => {
  const head = fixture("1.6.0").trimEnd().split("\n");
  const body = head.slice(3, 9);
  const lines = [...head.slice(0, 3)];
  let parent = JSON.parse(head[2]).id as string;
  let n = 0;
  let size = 0;
  while (size < 30 * 1024 * 1024) {
    for (const source of body) {
      const entry = JSON.parse(source);
      entry.id = `e${++n}`;
      entry.parentId = parent;
      parent = entry.id;
      if (entry.message.toolCallId) entry.message.toolCallId = `${entry.message.toolCallId}-${n}`;
      if (Array.isArray(entry.message.content))
        for (const part of entry.message.content)
          if (part.type === "toolCall") part.id = `${part.id}-${n + 2}`;
      const line = JSON.stringify({ ...entry, pad: "x".repeat(4000) });
      lines.push(line);
      size += line.length + 1;
    }
  }
  const text = lines.join("\n");
  expect(text.length).toBeGreaterThan(30 * 1024 * 1024);
  const reader = new PiSessionReader();
  const piece = 1024 * 1024 + 7;
  for (let i = 0; i < text.length; i += piece) reader.push(text.slice(i, i + piece));
  const file = reader.finish();
  expect(file.skipped).toEqual([]);
  expect(file.path.length).toBe(lines.length - 1);
}, 20_000);

describe("as a scenario", () => {
  for (const version of ["0.73.1", "1.6.0"]) {
    it(`pi ${version}: the prompts and replies load as a scenario the page accepts`, async () => {
      const { piSessionScenario } = await import("@agent/pi-session/to-scenario");
      const { parseScenario } = await import("@agent/scenario");
      const scenario = parseScenario(
        JSON.parse(JSON.stringify(piSessionScenario(readPiSession(fixture(version)), "demo.jsonl"))),
      );
      expect(scenario.steps.map((s) => Object.keys(s)[0])).toEqual(["user", "assistant", "assistant"]);
      expect(JSON.stringify(scenario.steps[1])).toContain('"name":"read"');
    });
  }
});

it("an answer is pi's when its text and its error flag are", async () => {
  const { sameAnswer } = await import("@agent/pi-session/to-events");
  const [notes, , , failed] = piSessionEvents(readPiSession(fixture("1.6.0"))).calls;
  expect(sameAnswer(notes, { text: "hello from pi\nsecond line\n", isError: false })).toBe(true);
  expect(sameAnswer(notes, { text: "hello from pi\n", isError: false })).toBe(false);
  expect(sameAnswer(failed, { text: failed.text, isError: false })).toBe(false);
});
