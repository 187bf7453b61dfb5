import { describe, expect, it } from "vitest";
import type { AssistantMessage } from "../messages";
import type { Driver } from "../types";
import { manualTurn } from "./manual";

/** Asks the driver once and returns the final message it streams. */
async function ask(driver: Driver, signal?: AbortSignal): Promise<AssistantMessage> {
  const stream = await driver({ systemPrompt: "", messages: [], tools: [] }, signal);
  for await (const e of stream) {
    if (e.type === "done") return e.message;
    if (e.type === "error") return e.error;
  }
  throw new Error("no final message");
}

let ids = 0;
const nextId = () => `id${++ids}`;

describe("a turn composed by hand", () => {
  it("answers with every call in one message, then the closing text, then nothing more", async () => {
    const { prompts, driver, stopAfterCalls } = manualTurn(
      {
        user: "  look at two files ",
        calls: [
          { toolName: "read", args: '{"path": "a"}', toolCallId: "c1" },
          { toolName: "read", args: '{"path": "b"}' },
        ],
        closingText: "Done.",
      },
      nextId,
    );
    expect(prompts).toMatchObject([{ role: "user", content: [{ type: "text", text: "look at two files" }] }]);
    expect(stopAfterCalls).toBe(false);
    const first = await ask(driver);
    expect(first.stopReason).toBe("toolUse");
    expect(first.content).toEqual([
      { type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } },
      { type: "toolCall", id: expect.stringMatching(/^id\d+$/), name: "read", arguments: { path: "b" } },
    ]);
    const second = await ask(driver);
    expect(second).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "Done." }] });
    expect((await ask(driver)).stopReason).toBe("aborted");
  });

  it("gives no closing text after an abort, and stops after the calls when there is none", async () => {
    const withText = manualTurn({ calls: [{ toolName: "ls", args: "" }], closingText: "x" }, nextId);
    expect(withText.prompts).toEqual([]);
    await ask(withText.driver);
    const controller = new AbortController();
    controller.abort();
    expect((await ask(withText.driver, controller.signal)).stopReason).toBe("aborted");
    const without = manualTurn({ calls: [{ toolName: "ls", args: "{}" }], closingText: "   " }, nextId);
    expect(without.stopAfterCalls).toBe(true);
  });

  it("refuses a turn with no calls, malformed JSON (naming the call), or two calls with one id", () => {
    expect(() => manualTurn({ calls: [] }, nextId)).toThrow(/at least one tool call/);
    expect(() => manualTurn({ calls: [{ toolName: "read", args: "{" }] }, nextId)).toThrow(
      /^The arguments are not valid JSON: /,
    );
    expect(() =>
      manualTurn(
        {
          calls: [
            { toolName: "read", args: "{}" },
            { toolName: "edit", args: "[1]" },
          ],
        },
        nextId,
      ),
    ).toThrow(/^Call 2 \(edit\): The arguments must be a JSON object/);
    const same = { toolName: "read", args: "{}", toolCallId: "x" };
    expect(() => manualTurn({ calls: [same, same] }, nextId)).toThrow(/same id/);
  });
});
