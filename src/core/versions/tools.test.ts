import { describe, expect, it } from "vitest";
import { allToolNames } from "../tools/names";
import { DEFAULT_PI_VERSION, isPiVersionId, PI_VERSIONS } from "./ids";
import { TOOL_PROFILES, TOOLS_0_73_1, TOOLS_1_6_0 } from "./tools";

describe("version profiles of the tool layer", () => {
  it("lists the versions, oldest first, with 1.6.0 as the default", () => {
    expect(PI_VERSIONS.map((v) => v.id)).toEqual(["0.73.1", "1.6.0"]);
    expect(DEFAULT_PI_VERSION).toBe("1.6.0");
    expect(isPiVersionId("1.6.0")).toBe(true);
    expect(isPiVersionId("1.7.0")).toBe(false);
  });

  it("has a tool profile per version, each naming its version", () => {
    for (const { id } of PI_VERSIONS) expect(TOOL_PROFILES[id].version).toBe(id);
  });

  it("lists pi's tools in pi's order; only the seven are offered to the model", () => {
    expect(TOOLS_0_73_1.tools.map((t) => t.name)).toEqual([...allToolNames]);
    expect(TOOLS_1_6_0.tools.map((t) => t.name)).toEqual([
      "read",
      "bash",
      "powershell",
      "edit",
      "write",
      "grep",
      "find",
      "ls",
    ]);
    for (const profile of [TOOLS_0_73_1, TOOLS_1_6_0])
      expect(profile.tools.filter((t) => t.offeredToModel).map((t) => t.name)).toEqual([...allToolNames]);
  });
});
