import { describe, expect, it } from "vitest";
import { piVersionFromQuery } from "./pi-query";

describe("?pi=", () => {
  it("names a version the page has", () => {
    expect(piVersionFromQuery("?pi=0.73.1")).toEqual({ kind: "version", version: "0.73.1" });
    expect(piVersionFromQuery("?lang=en&pi=1.6.0")).toEqual({ kind: "version", version: "1.6.0" });
  });

  it("is absent or empty: nothing asked", () => {
    expect(piVersionFromQuery("")).toEqual({ kind: "none" });
    expect(piVersionFromQuery("?pi=")).toEqual({ kind: "none" });
  });

  it("an unknown value is kept short for the notice, with the versions there are", () => {
    expect(piVersionFromQuery(`?pi=${"9".repeat(100)}`)).toMatchObject({
      kind: "unknown",
      value: "9".repeat(40),
      known: "0.73.1, 1.6.0",
    });
  });
});
