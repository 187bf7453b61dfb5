import { describe, expect, it } from "vitest";
import { fakeWebContainer, memfs } from "../../tests/contract/subjects";
import { runSelfTest } from "./self-test";

describe("the backend self-test", () => {
  it.each([memfs, fakeWebContainer])(
    "passes every check on $name and leaves no scratch folder",
    async (subject) => {
      const { tools, root, backend } = await subject.setup({ "keep.txt": "x" });
      const results = await runSelfTest(tools, root);
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(results.map((r) => r.id)).toContain("bash");
      await backend.settle();
      expect(backend.list(root)).toEqual(["keep.txt"]);
    },
  );

  it("reports a failing check with what it saw", async () => {
    const { tools, root } = await memfs.setup({});
    const broken = {
      ...tools,
      read: { ...tools.read, operations: { ...tools.read.operations, access: async () => {} } },
    };
    const results = await runSelfTest(broken, root);
    expect(results.find((r) => r.id === "missingFile")).toMatchObject({
      ok: false,
      detail: expect.stringContaining("got no error"),
    });
  });
});
