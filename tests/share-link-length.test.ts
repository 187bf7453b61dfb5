import { describe, expect, it } from "vitest";
import { SHARE_LINK_TARGET, shareLinkLength } from "../bench/share-link.ts";

describe("the share link of the default preset with one scenario", () => {
  it("stays under the length chat apps keep whole", async () => {
    const { length } = await shareLinkLength();
    expect(length).toBeGreaterThan(100);
    expect(length).toBeLessThan(SHARE_LINK_TARGET);
  });
});
