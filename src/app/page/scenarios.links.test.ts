import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchScenarioUrl } from "./scenarios";

const BASE = "http://127.0.0.1:4173/";
afterEach(() => vi.unstubAllGlobals());

describe("fetchScenarioUrl", () => {
  it("fetches a path on this page's server, or a full address, and loads a scenario with no steps", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ title: "Exercise 1", steps: [] })));
    vi.stubGlobal("fetch", fetch);
    expect((await fetchScenarioUrl("/scenarios/ex1.json", BASE)).title).toBe("Exercise 1");
    await fetchScenarioUrl("https://example.org/ex/ex1.json", BASE);
    expect(fetch.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual([
      "http://127.0.0.1:4173/scenarios/ex1.json",
      "https://example.org/ex/ex1.json",
    ]);
  });

  it("says in one line why a link cannot be opened", async () => {
    vi.stubGlobal("fetch", async () => new Response("gone", { status: 404 }));
    await expect(fetchScenarioUrl("/s/a.json", BASE)).rejects.toThrow(
      "a.json: the server answered 404, expected the file",
    );
    vi.stubGlobal(
      "fetch",
      async () => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }),
    );
    await expect(fetchScenarioUrl("/s/a.json", BASE)).rejects.toThrow(/answered with a web page/);
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(fetchScenarioUrl("https://elsewhere.test/a.json", BASE)).rejects.toThrow(
      /could not be fetched \(the server is down, the address is wrong, or the server does not let this page read it\)/,
    );
    vi.stubGlobal("fetch", async () => new Response("{ not json"));
    await expect(fetchScenarioUrl("/s/a.json", BASE)).rejects.toThrow(
      /^a\.json: found text that is not JSON/,
    );
    await expect(fetchScenarioUrl("javascript:alert(1)", BASE)).rejects.toThrow(
      /javascript: links are not fetched/,
    );
  });
});
