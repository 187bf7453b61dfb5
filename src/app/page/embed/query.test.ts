import { describe, expect, it } from "vitest";
import { embedFromQuery, originOf } from "./query";

describe("embedFromQuery", () => {
  it("is null for the page itself", () => {
    expect(embedFromQuery("?scenario=abort")).toBeNull();
  });
  it("reads panels (ids or short names), host, language, theme and a shipped scenario", () => {
    expect(
      embedFromQuery(
        "?embed=dispatch,events,dispatch&host=https://school.example/a/b&lang=zh-Hans&theme=dark&scenario=abort",
      ),
    ).toEqual({
      panels: ["dispatch", "event-stream"],
      host: "https://school.example",
      language: "zh-Hans",
      theme: "dark",
      scenario: "abort.json",
    });
  });
  it("falls back to the dispatch table, and drops what it cannot trust", () => {
    expect(embedFromQuery("?embed=nothing&host=javascript:alert(1)&theme=pink&scenario=../x")).toEqual({
      panels: ["dispatch"],
      host: null,
      language: null,
      theme: null,
      scenario: null,
    });
  });
});

describe("originOf", () => {
  it("keeps http(s) origins only", () => {
    expect(originOf("http://127.0.0.1:4173/lesson.html")).toBe("http://127.0.0.1:4173");
    expect(originOf("file:///x")).toBeNull();
    expect(originOf("")).toBeNull();
  });
});
