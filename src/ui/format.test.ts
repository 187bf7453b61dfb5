import { describe, expect, it } from "vitest";
import { formatDuration } from "./format";

describe("formatDuration", () => {
  it("shows tenths of a ms below 10 ms", () => {
    expect(formatDuration(0)).toBe("0.0 ms");
    expect(formatDuration(3.14)).toBe("3.1 ms");
    expect(formatDuration(9.94)).toBe("9.9 ms");
  });

  it("shows whole ms from 10 ms up to 10 s", () => {
    expect(formatDuration(10)).toBe("10 ms");
    expect(formatDuration(123.6)).toBe("124 ms");
    expect(formatDuration(9_999)).toBe("9999 ms");
  });

  it("shows seconds from 10 s on", () => {
    expect(formatDuration(10_000)).toBe("10.0 s");
    expect(formatDuration(61_234)).toBe("61.2 s");
  });

  it("shows a dash when there is no duration yet", () => {
    expect(formatDuration(null)).toBe("–");
    expect(formatDuration(undefined)).toBe("–");
  });
});
