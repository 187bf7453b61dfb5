import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../file-mutation-queue";
import type { BashToolOptions } from "./bash";
import { FakeFs } from "./fake-fs.test-support";
import type { FindToolOptions } from "./find";
import type { GrepToolOptions } from "./grep";
import {
  allToolNames,
  createAllToolDefinitions,
  createAllTools,
  createCodingToolDefinitions,
  createCodingTools,
  createReadOnlyToolDefinitions,
  createReadOnlyTools,
  createTool,
  createToolDefinition,
  createToolDefinitionFromAgentTool,
  type ToolsOptions,
  wrapToolDefinition,
} from "./index";
import type { TextContent, ToolContext } from "./types";

function options(fs: FakeFs): ToolsOptions {
  const unused = () => {
    throw new Error("not used in this test");
  };
  return {
    read: { operations: fs.readOps() },
    write: { operations: fs.writeOps(), mutationQueue: createFileMutationQueue() },
    edit: { operations: fs.editOps(), mutationQueue: createFileMutationQueue() },
    ls: { operations: fs.lsOps() },
    bash: { operations: { exec: unused }, logOperations: {} } as unknown as BashToolOptions,
    grep: { operations: {} } as unknown as GrepToolOptions,
    find: { operations: {} } as unknown as FindToolOptions,
  };
}

describe("registry", () => {
  const fs = new FakeFs({ "/w/a.txt": "A" });
  const opts = options(fs);

  it("knows the seven names and pi's orders", () => {
    expect([...allToolNames]).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls"]);
    expect(createCodingToolDefinitions("/w", opts).map((t) => t.name)).toEqual([
      "read",
      "bash",
      "edit",
      "write",
    ]);
    expect(createReadOnlyToolDefinitions("/w", opts).map((t) => t.name)).toEqual([
      "read",
      "grep",
      "find",
      "ls",
    ]);
    expect(Object.keys(createAllToolDefinitions("/w", opts))).toEqual([...allToolNames]);
    expect(createCodingTools("/w", opts).map((t) => t.name)).toEqual(["read", "bash", "edit", "write"]);
    expect(createReadOnlyTools("/w", opts).map((t) => t.name)).toEqual(["read", "grep", "find", "ls"]);
    expect(Object.keys(createAllTools("/w", opts))).toEqual([...allToolNames]);
  });

  it("throws for an unknown name", () => {
    expect(() => createToolDefinition("Read", "/w", opts)).toThrow("Unknown tool name: Read");
    expect(() => createTool("nope", "/w", opts)).toThrow("Unknown tool name: nope");
  });

  it("carries pi's snippets and guidelines, and a description on every parameter", () => {
    const all = createAllToolDefinitions("/w", opts);
    expect(all.read.promptSnippet).toBe("Read file contents");
    expect(all.read.promptGuidelines).toEqual(["Use read to examine files instead of cat or sed."]);
    expect(all.write.promptSnippet).toBe("Create or overwrite files");
    expect(all.write.promptGuidelines).toEqual(["Use write only for new files or complete rewrites."]);
    expect(all.ls.promptSnippet).toBe("List directory contents");
    expect(all.ls.promptGuidelines).toBeUndefined();
    expect(all.edit.promptGuidelines).toHaveLength(4);
    for (const name of ["read", "write", "edit", "ls"] as const) {
      const properties = (all[name].parameters as { properties: Record<string, { description?: string }> })
        .properties;
      for (const [field, schema] of Object.entries(properties)) {
        expect(schema.description, `${name}.${field}`).toBeTruthy();
      }
      expect(all[name].label).toBe(name);
    }
  });

  it("fixes the operations in the closure at creation", async () => {
    const first = new FakeFs({ "/w/a.txt": "first" });
    const read = createTool("read", "/w", options(first));
    const second = new FakeFs({ "/w/a.txt": "second" });
    createTool("read", "/w", options(second));
    const result = await read.execute("t", { path: "a.txt" });
    expect((result.content[0] as TextContent).text).toBe("first");
  });
});

describe("wrapper", () => {
  const fs = new FakeFs({ "/w/a.txt": "A" });
  const definition = createToolDefinition("edit", "/w", options(fs));

  it("keeps name, label, description, schema, prepareArguments; drops snippet and guidelines", () => {
    const tool = wrapToolDefinition(definition);
    expect(tool.name).toBe("edit");
    expect(tool.parameters).toBe(definition.parameters);
    expect(tool.prepareArguments).toBe(definition.prepareArguments);
    expect("promptSnippet" in tool).toBe(false);
    expect("promptGuidelines" in tool).toBe(false);
  });

  it("passes the factory's context (and none without one)", async () => {
    const seen: (ToolContext | undefined)[] = [];
    const probe = {
      ...definition,
      execute: async (_id: string, _p: unknown, _s: unknown, _u: unknown, ctx: ToolContext | undefined) => {
        seen.push(ctx);
        return { content: [], details: undefined };
      },
    };
    await wrapToolDefinition(probe as never).execute("a", {} as never);
    await wrapToolDefinition(probe as never, () => ({ model: { id: "m", input: ["text"] } })).execute(
      "b",
      {} as never,
    );
    expect(seen).toEqual([undefined, { model: { id: "m", input: ["text"] } }]);
  });

  it("goes back from an AgentTool without snippet or guidelines", async () => {
    const back = createToolDefinitionFromAgentTool(wrapToolDefinition(definition));
    expect(back.name).toBe("edit");
    expect(back.promptSnippet).toBeUndefined();
    expect(back.prepareArguments).toBe(definition.prepareArguments);
  });
});
