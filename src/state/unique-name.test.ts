import { describe, expect, it } from "vitest";
import { uniqueName } from "./unique-name";

describe("uniqueName", () => {
  it("keeps a free name, numbers a taken one from 2, and skips numbers taken too", () => {
    expect(uniqueName("Shared work", ["Workspace 1"])).toBe("Shared work");
    expect(uniqueName("Shared work", ["Workspace 1", "shared work "])).toBe("Shared work (2)");
    expect(uniqueName(" Three first prompts ", ["Three first prompts", "Three first prompts (2)"])).toBe(
      "Three first prompts (3)",
    );
  });
});
