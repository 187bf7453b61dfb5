import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchScenario } from "./scenarios";

const serve = (body: string, init: ResponseInit = {}) => {
  const fetch = vi.fn(async () => new Response(body, init));
  vi.stubGlobal("fetch", fetch);
  return fetch;
};

afterEach(() => vi.unstubAllGlobals());

describe("fetchScenario", () => {
  it("returns the scenario with its defaults filled in", async () => {
    serve(JSON.stringify({ steps: [{ user: "hi" }, { assistant: { content: [] } }] }));
    const scenario = await fetchScenario("mine.json");
    expect(scenario.title).toBe("mine");
    expect(scenario.steps[1]).toEqual({ assistant: { content: [], stopReason: "stop" } });
  });

  it("throws the one line, naming the file, for a bad scenario", async () => {
    serve(JSON.stringify({ steps: [{ tools: { active: ["rm"] } }] }));
    await expect(fetchScenario("tests.json")).rejects.toThrow(
      /^tests\.json: steps\[0\]\.tools\.active\[0\]: found "rm", expected one of read, bash/,
    );
  });

  it("refuses a body over the limit from its Content-Length, before reading it", async () => {
    const body = new ReadableStream({
      pull() {
        throw new Error("the body was read");
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { headers: { "content-length": String(50 * 1024 * 1024) } })),
    );
    await expect(fetchScenario("big.json")).rejects.toThrow(
      "big.json: found 50 MB, expected at most 5 MB per scenario file",
    );
  });

  it("says what a failed request means", async () => {
    serve("", { status: 404 });
    await expect(fetchScenario("gone.json")).rejects.toThrow(
      "gone.json: the server answered 404, expected the file (is it in public/scenarios?)",
    );
  });
});
