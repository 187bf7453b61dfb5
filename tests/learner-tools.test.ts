/**
 * A learner's tool file, from source text to a call's result, through the real session: compile,
 * load, register, the dispatch table, the prompt, a call; and each way a tool can misbehave, with the
 * error the learner gets.
 */
import type { SessionEvent } from "@agent/events";
import { TOOL_TEMPLATES } from "@app/page/learner-tools/templates";
import { Playground } from "@app/worker/playground";
import { describe, expect, it } from "vitest";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

function start(options: ConstructorParameters<typeof Playground>[1] = {}) {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e), options);
  playground.handle({ type: "init" });
  const last = <T extends SessionEvent["type"]>(type: T) =>
    events.filter((e) => e.type === type).at(-1) as Of<T> | undefined;
  return { playground, events, last };
}

const template = (id: string) => TOOL_TEMPLATES.find((t) => t.id === id)!.source;

/** A tool file whose execute body is `body` (and whose parameters are `params`). */
const toolFile = (
  body: string,
  params = "Type.Object({})",
  name = "probe",
) => `import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool({
    name: "${name}",
    label: "Probe",
    description: "A tool for tests.",
    parameters: ${params},
    async execute(id: string, params: any) {
      ${body}
    },
  });
}
`;

async function call(s: ReturnType<typeof start>, tool: string, args = "{}") {
  await s.playground.hand.runToolCall(tool, args, `c-${tool}-${s.events.length}`);
  const end = s.last("tool_execution_end")!;
  const text = (end.result as { content?: { text?: string }[] }).content?.map((c) => c.text).join("") ?? "";
  return { isError: end.isError, text };
}

describe("a learner's tool file through the whole pipeline", () => {
  it("registers the wc template: marked in the table, declared and listed in the prompt, callable", async () => {
    const snapshots: unknown[][] = [];
    const s = start({ onSnapshot: (...args) => snapshots.push(args) });
    expect(await s.playground.learner.register(template("wc"))).toBe(true);
    expect(s.last("learner_tool_registered")).toMatchObject({ names: ["wc"], replaces: [] });
    const table = s.last("tool_set_changed")!;
    expect(table.tools.find((t) => t.name === "wc")).toMatchObject({ origin: "learner", state: "active" });
    expect(table.added.map((d) => d.name)).toEqual(["wc"]);
    const prompt = s.last("prompt_sections_changed")!;
    expect(prompt.patch.tools).toContain("- wc: Count lines, words and characters of a file");
    expect(prompt.rules.map((r) => r.text).join("\n")).toContain("Use wc instead of reading a whole file");
    // The next run carries the section patch and the tool-change declaration, as for a built-in switched on.
    const result = await call(s, "wc", '{"path": "package.json"}');
    expect(result.isError).toBe(false);
    const content = s.playground.session.workspace.filesMap()["package.json"] as string;
    const lines = content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
    expect(result.text).toBe(
      `package.json: ${lines} lines, ${content.split(/\s+/).filter(Boolean).length} words, ${content.length} characters`,
    );
    // The snapshot carries the source, so a saved workspace or a restarted worker brings it back.
    const latest = snapshots.at(-1)!;
    expect(latest[2]).toEqual([{ name: "wc", source: template("wc"), enabled: true }]);
  });

  it("runs the todo template over grep's Operations on the workspace", async () => {
    const s = start();
    s.playground.session.workspace.writeFile(
      "src/later.ts",
      "// TODO: write this\nconst x = 1;\n// FIXME: and this\n",
    );
    expect(await s.playground.learner.register(template("todo"))).toBe(true);
    const result = await call(s, "todo", '{"path": "src"}');
    expect(result.isError).toBe(false);
    expect(result.text).toContain("later.ts:1: // TODO: write this");
    expect(result.text).toContain("later.ts:3: // FIXME: and this");
  });

  it("streams the countdown's updates and keeps append_line sequential", async () => {
    const s = start();
    await s.playground.learner.register(template("countdown"));
    const result = await call(s, "countdown", '{"from": 2}');
    expect(result.text).toBe("2 1 liftoff");
    expect(s.events.filter((e) => e.type === "tool_execution_update")).toHaveLength(2);
    await s.playground.learner.register(template("append"));
    const row = s.last("tool_set_changed")!.tools.find((t) => t.name === "append_line");
    expect(row?.executionMode).toBe("sequential");
    await call(s, "append_line", '{"path": "log.txt", "line": "one"}');
    expect(s.playground.session.workspace.filesMap()["log.txt"]).toBe("one\n");
  });

  it("removes a tool, and restores the files a restarted worker is given", async () => {
    const s = start();
    await s.playground.learner.register(template("wc"));
    s.playground.learner.remove("wc");
    expect(s.last("tool_set_changed")!.tools.some((t) => t.name === "wc")).toBe(false);
    expect(s.last("learner_tools_changed")!.tools).toEqual([]);
    const next = start();
    await next.playground.init({
      type: "init",
      learnerTools: [
        { name: "wc", source: template("wc"), enabled: true },
        { name: "loop", source: "export default 1", enabled: false, disabledReason: "blocked" },
      ],
    });
    expect(next.last("tool_set_changed")!.tools.some((t) => t.name === "wc")).toBe(true);
    expect(next.last("learner_tools_changed")!.tools.map((t) => [t.name, t.enabled])).toEqual([
      ["wc", true],
      ["loop", false],
    ]);
  });
});

describe("containment: a tool that misbehaves gets an error, the page does not", () => {
  it("shows a syntax error at its line before anything registers", async () => {
    const s = start();
    const source = toolFile("return {", "Type.Object({})");
    expect(await s.playground.answer({ type: "compile_tool", source })).toEqual([
      expect.objectContaining({ code: "syntax", line: 11 }),
    ]);
    expect(await s.playground.learner.register(source)).toBe(false);
    expect(s.last("learner_tool_rejected")!.diagnostics[0]).toMatchObject({ code: "syntax", line: 11 });
    expect(s.last("tool_set_changed")!.tools.some((t) => t.name === "probe")).toBe(false);
  });

  it("keeps the working version when a new one is refused", async () => {
    const s = start();
    await s.playground.learner.register(
      toolFile('return { content: [{ type: "text", text: "v1" }], details: {} };'),
    );
    await s.playground.learner.register(toolFile("return {", "Type.Object({})"));
    expect((await call(s, "probe")).text).toBe("v1");
  });

  it("turns a throw into pi's error result, an Error's message or String(value)", async () => {
    const s = start();
    await s.playground.learner.register(toolFile('throw new Error("disk on fire");'));
    expect(await call(s, "probe")).toEqual({ isError: true, text: "disk on fire" });
    await s.playground.learner.register(toolFile("throw { code: 42 };"));
    expect(await call(s, "probe")).toEqual({ isError: true, text: "[object Object]" });
  });

  it.each([
    ["return undefined;", "it returned undefined: a tool result must be"],
    ["return { details: {} };", "its result has no content"],
    ['return { content: "x", details: {} };', 'its content is a string ("x"), not an array of blocks'],
    ['return { content: [{ type: "html", text: "<b>" }], details: {} };', 'content[0] has type "html"'],
  ])(
    "turns a result of the wrong shape (%s) into an error result naming the problem",
    async (body, problem) => {
      const s = start();
      await s.playground.learner.register(toolFile(body));
      const result = await call(s, "probe");
      expect(result.isError).toBe(true);
      expect(result.text).toContain("The probe tool's result is malformed: ");
      expect(result.text).toContain(problem);
    },
  );

  it.each([
    ["{ path: 'string' }", "parameters.type is undefined"],
    ["{ type: 'objekt', properties: {} }", 'parameters.type is "objekt"'],
    [
      "{ type: 'object', properties: { p: { type: 'string', pattern: '([a-z' } } }",
      "parameters.properties.p.pattern does not compile",
    ],
    [
      "{ type: 'object', properties: { p: { type: 'string' } }, required: 'p' }",
      "parameters.required must be an array",
    ],
    [
      "{ type: 'object', properties: { p: { $ref: '#/x' } } }",
      "parameters.properties.p.$ref cannot be resolved",
    ],
    ["null", "parameters is null"],
  ])("refuses an invalid schema (%s) at registration with the reason", async (params, reason) => {
    const s = start();
    expect(await s.playground.learner.register(toolFile("return 1;", params))).toBe(false);
    const rejected = s.last("learner_tool_rejected")!;
    expect(rejected.diagnostics.map((d) => d.message).join("\n")).toContain(reason);
    expect(rejected.diagnostics[0].code).toBe("schema");
  });

  it("refuses a name that clashes with a built-in, unless registered as its replacement", async () => {
    const s = start();
    const source = toolFile(
      'return { content: [{ type: "text", text: "mine" }], details: {} };',
      "Type.Object({ path: Type.String() })",
      "read",
    );
    expect(await s.playground.learner.register(source)).toBe(false);
    expect(s.last("learner_tool_rejected")!.diagnostics).toEqual([
      expect.objectContaining({ code: "clash" }),
    ]);
    expect(await s.playground.learner.register(source, true)).toBe(true);
    const rows = s.last("tool_set_changed")!.tools.filter((t) => t.name === "read");
    expect(rows).toEqual([expect.objectContaining({ origin: "learner", replaces: "read" })]);
    expect((await call(s, "read", '{"path": "package.json"}')).text).toBe("mine");
    s.playground.learner.remove("read");
    const back = s.last("tool_set_changed")!.tools.find((t) => t.name === "read");
    expect(back?.origin).toBeUndefined();
    expect((await call(s, "read", '{"path": "package.json"}')).text).toContain('"name"');
  });

  it("a file in pi 1.6.0's form (its import scope, a returned isError) is an error under 1.6.0, a success under 0.73.1", async () => {
    const s = start();
    const source = `import { defineTool } from "@earendil-works/pi-coding-agent";
import { StringEnum } from "@earendil-works/pi-ai";
import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool(defineTool({
    name: "check",
    label: "Check",
    description: "Fails softly, as 1.6.0's bash does on a non-zero exit.",
    parameters: Type.Object({ mode: StringEnum(["soft"]) }),
    async execute() {
      return { content: [{ type: "text", text: "exit 3" }], details: {}, isError: true };
    },
  }));
}
`;
    expect(await s.playground.learner.register(source)).toBe(true);
    s.playground.session.setPiVersion("1.6.0", "picked");
    expect(await call(s, "check", '{"mode": "soft"}')).toEqual({ isError: true, text: "exit 3" });
    s.playground.session.setPiVersion("0.73.1", "picked");
    expect(await call(s, "check", '{"mode": "soft"}')).toEqual({ isError: false, text: "exit 3" });
  });

  it("a tool's pi 1.6.0 definition fields reach its row as data (a function as such); the old ones are not there", async () => {
    const s = start();
    const source = `import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool({
    name: "typed", label: "Typed", description: "Returns structured content.",
    parameters: Type.Object({}),
    outputSchema: Type.Object({ count: Type.Number() }),
    exposure: "direct",
    annotations: { readOnlyHint: true },
    constrainedSampling: { type: "json_schema", strict: "require" },
    reachesTools: () => "all",
    async execute() {
      return { content: [{ type: "text", text: "1" }], details: {}, structuredContent: { count: 1 } };
    },
  });
}
`;
    expect(await s.playground.learner.register(source)).toBe(true);
    const row = s.last("tool_set_changed")!.tools.find((t) => t.name === "typed");
    expect(row?.fields16).toEqual({
      outputSchema: expect.objectContaining({ type: "object" }),
      exposure: "direct",
      annotations: { readOnlyHint: true },
      constrainedSampling: { type: "json_schema", strict: "require" },
      reachesTools: "(a function)",
    });
    // the one field the wire acts on: model mode's 1.6.0 pi-ai reads it from the agent tool
    const tool = s.playground.session.context().tools.find((t) => t.name === "typed");
    expect(tool?.constrainedSampling).toEqual({ type: "json_schema", strict: "require" });
    expect(s.last("tool_set_changed")!.tools.find((t) => t.name === "read")?.fields16).toBeUndefined();
    expect(await call(s, "typed")).toEqual({ isError: false, text: "1" });
  });

  it("says where Type went when a file takes it from pi-ai 1.6.0", async () => {
    const s = start();
    const source = `import { Type } from "@earendil-works/pi-ai";
export default function (pi: any) {
  pi.registerTool({ name: "t", label: "T", description: "d", parameters: Type.Object({}), async execute() {} });
}
`;
    expect(await s.playground.learner.register(source)).toBe(false);
    expect(s.last("learner_tool_rejected")!.diagnostics[0].message).toContain(
      'import { Type } from "typebox"',
    );
  });

  it("refuses imports outside the map, a file without a default export and pi APIs it lacks", async () => {
    const s = start();
    await s.playground.learner.register(
      'import _ from "lodash";\nexport default function (pi) { _.noop(pi); }',
    );
    expect(s.last("learner_tool_rejected")!.diagnostics[0]).toMatchObject({ code: "import" });
    expect(s.last("learner_tool_rejected")!.diagnostics[0].message).toContain('Cannot import "lodash"');
    await s.playground.learner.register("const x = 1;");
    expect(s.last("learner_tool_rejected")!.diagnostics[0].code).toBe("noDefault");
    await s.playground.learner.register('export default function (pi) { pi.on("tool_call", () => {}); }');
    expect(s.last("learner_tool_rejected")!.diagnostics[0].code).toBe("piApi");
    await s.playground.learner.register("export default function (pi) {\n\n  throw new Error('boom');\n}");
    expect(s.last("learner_tool_rejected")!.diagnostics[0]).toMatchObject({
      code: "load",
      message: "boom",
      line: 3,
    });
  });
});

describe("a learner's tool called by a scenario", () => {
  it("a pi 1.6.0 tool calling ctx.executeTool, with structuredContent and isError: by hand and in a scenario; under 0.73.1 the call fails and the row warns", async () => {
    const s = start();
    const source = `import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool({
    name: "lines",
    label: "Lines",
    description: "Counts a file's lines by reading it with the read tool.",
    parameters: Type.Object({ path: Type.String() }),
    async execute(id: string, params: any, signal: any, onUpdate: any, ctx: any) {
      const read = await ctx.executeTool("read", { path: params.path });
      if (read.isError) return { content: read.result.content, details: {}, isError: true };
      const lines = read.result.content[0].text.split("\\n").length;
      return {
        content: [{ type: "text", text: params.path + ": " + lines + " lines, read as " + read.toolCall.id }],
        details: {},
        structuredContent: { lines, tools: ctx.tools.length > 0 },
      };
    },
  });
}
`;
    s.playground.session.setPiVersion("1.6.0", "picked");
    expect(await s.playground.learner.register(source)).toBe(true);
    const row = s.last("tool_set_changed")?.tools.find((t) => t.name === "lines");
    expect(row?.fields16).toEqual({ "ctx.executeTool": "(called by execute)" });
    const byHand = await call(s, "lines", '{"path": "README.md"}');
    expect(byHand.isError).toBe(false);
    expect(byHand.text).toMatch(/^README\.md: \d+ lines, read as c-lines-\d+\/1$/);
    const nested = s.events.filter(
      (e): e is Of<"tool_execution_end"> => e.type === "tool_execution_end" && e.toolName === "read",
    );
    expect(nested.at(-1)?.parentToolCallId).toMatch(/^c-lines-/);
    const end = s.last("tool_execution_end");
    expect(end?.result.structuredContent).toEqual({ lines: expect.any(Number), tools: true });
    // A nested call's failure comes back to the tool, which returns it as an error.
    expect(await call(s, "lines", '{"path": "missing.md"}')).toMatchObject({ isError: true });

    s.playground.scenarios.load({
      title: "lines by a scenario",
      pi: "1.6.0",
      steps: [
        { user: "how long is the README?" },
        {
          assistant: {
            content: [{ type: "toolCall", id: "l1", name: "lines", arguments: { path: "README.md" } }],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } },
      ],
    });
    await s.playground.scenarios.requirePlayer().play(0);
    await s.playground.idle();
    const starts = s.events.filter((e) => e.type === "tool_execution_start").slice(-2);
    expect(starts.map((e) => [e.toolCallId, (e as Of<"tool_execution_start">).parentToolCallId])).toEqual([
      ["l1", undefined],
      ["l1/1", "l1"],
    ]);

    s.playground.session.setPiVersion("0.73.1", "picked");
    const old = await call(s, "lines", '{"path": "README.md"}');
    expect(old.isError).toBe(true);
    expect(old.text).toMatch(/executeTool is not a function/);
  });

  it("the lines template, in pi 1.6.0's format: runs read nested on 1.6.0, and is warned about on 0.73.1", async () => {
    const s = start();
    s.playground.session.setPiVersion("1.6.0", "picked");
    expect(await s.playground.learner.register(template("lines"))).toBe(true);
    expect(s.last("tool_set_changed")?.tools.find((t) => t.name === "lines")?.fields16).toEqual({
      "ctx.executeTool": "(called by execute)",
    });
    expect(await call(s, "lines", '{"path": "README.md"}')).toMatchObject({
      isError: false,
      text: expect.stringMatching(/^README\.md: \d+ lines$/),
    });
    expect(s.last("tool_execution_end")?.result.structuredContent).toMatchObject({ path: "README.md" });
    expect(await call(s, "lines", '{"path": "nope.md"}')).toMatchObject({ isError: true });
    s.playground.session.setPiVersion("0.73.1", "picked");
    expect((await call(s, "lines", '{"path": "README.md"}')).text).toMatch(/executeTool is not a function/);
  });

  it("keeps its state when a scenario loads, and a scenario step's call reaches it", async () => {
    const s = start();
    await s.playground.learner.register(template("wc"));
    s.playground.scenarios.load({
      title: "wc by a scenario",
      steps: [
        { user: "how long is the README?" },
        {
          assistant: {
            content: [{ type: "toolCall", id: "w1", name: "wc", arguments: { path: "README.md" } }],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } },
      ],
    });
    await s.playground.scenarios.requirePlayer().play(0);
    await s.playground.idle();
    const end = s.events.find((e) => e.type === "tool_execution_end" && e.toolCallId === "w1") as
      | Of<"tool_execution_end">
      | undefined;
    expect(end?.isError).toBe(false);
    expect(JSON.stringify(end?.result)).toMatch(/README\.md: \d+ lines/);
  });

  it("stays out of a conversation saved as a scenario, whose format names pi's tools only", async () => {
    const s = start();
    await s.playground.learner.register(template("wc"));
    await call(s, "wc", '{"path": "package.json"}');
    const saved = s.playground.recording.save("with wc");
    expect(saved.tools?.active).toEqual(["read", "bash", "edit", "write"]);
  });
});
