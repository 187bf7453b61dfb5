/**
 * The tool editor's starter files. Each is a pi extension file as pi loads one: it runs in pi unchanged
 * (there `node:fs/promises` is the real disk and createGrepToolDefinition uses ripgrep). The tool-facing
 * text (descriptions, snippets, guidelines, results) is the model's, so it stays English.
 */

export interface ToolTemplate {
  /** the id the editor's picker uses (its label comes from the toolEditor namespace) */
  id: "wc" | "todo" | "countdown" | "append" | "lines";
  source: string;
}

const wc = `import { Type } from "typebox";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

export default function (pi) {
  pi.registerTool({
    name: "wc",
    label: "Word count",
    description: "Count the lines, words and characters of a text file in the workspace.",
    promptSnippet: "Count lines, words and characters of a file",
    promptGuidelines: ["Use wc instead of reading a whole file when only its size in lines or words matters."],
    parameters: Type.Object({
      path: Type.String({ description: "Path to the file, relative to the workspace" }),
    }),
    async execute(toolCallId, params, signal, onUpdate) {
      const text = await readFile(resolve(params.path), "utf8");
      const lines = text === "" ? 0 : text.split("\\n").length - (text.endsWith("\\n") ? 1 : 0);
      const words = text.split(/\\s+/).filter(Boolean).length;
      return {
        content: [{ type: "text", text: \`\${params.path}: \${lines} lines, \${words} words, \${text.length} characters\` }],
        details: { lines, words, characters: text.length },
      };
    },
  });
}
`;

const todo = `import { Type } from "typebox";
import { createGrepToolDefinition } from "@mariozechner/pi-coding-agent";

export default function (pi) {
  pi.registerTool({
    name: "todo",
    label: "TODO list",
    description: "List the TODO and FIXME comments in the workspace, with their file and line.",
    promptSnippet: "List TODO and FIXME comments",
    promptGuidelines: ["Use todo to find unfinished work before planning changes."],
    parameters: Type.Object({
      path: Type.Optional(Type.String({ description: "Folder to search (default: the workspace)" })),
    }),
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      // grep's own tool, built over the workspace's Operations (pi's: the local disk and ripgrep)
      const grep = createGrepToolDefinition(ctx.cwd);
      const found = await grep.execute(toolCallId, { pattern: "TODO|FIXME", path: params.path }, signal, undefined, ctx);
      const text = found.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      const items = text.split("\\n").filter((line) => /TODO|FIXME/.test(line));
      return {
        content: [{ type: "text", text: items.length ? items.join("\\n") : "No TODO or FIXME comments found." }],
        details: { count: items.length },
      };
    },
  });
}
`;

const countdown = `import { Type } from "typebox";

export default function (pi) {
  pi.registerTool({
    name: "countdown",
    label: "Countdown",
    description: "Count down from a number, one step every 300 ms, reporting each step as it happens.",
    promptSnippet: "Count down slowly, streaming each step",
    parameters: Type.Object({
      from: Type.Integer({ minimum: 1, maximum: 20, description: "Where to start" }),
    }),
    async execute(toolCallId, params, signal, onUpdate) {
      const steps = [];
      for (let n = params.from; n > 0; n--) {
        if (signal?.aborted) throw new Error("Countdown aborted");
        steps.push(String(n));
        // Each update replaces the partial result the page shows while the call runs.
        onUpdate?.({ content: [{ type: "text", text: steps.join(" ") }], details: { left: n - 1 } });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return { content: [{ type: "text", text: \`\${steps.join(" ")} liftoff\` }], details: { left: 0 } };
    },
  });
}
`;

const append = `import { Type } from "typebox";
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { withFileMutationQueue } from "@mariozechner/pi-coding-agent";

export default function (pi) {
  pi.registerTool({
    name: "append_line",
    label: "Append a line",
    description: "Append one line to the end of a text file in the workspace.",
    promptSnippet: "Append a line to a file",
    // Its calls run one at a time, after the parallel calls of their batch.
    executionMode: "sequential",
    parameters: Type.Object({
      path: Type.String({ description: "Path to the file" }),
      line: Type.String({ description: "The line to add" }),
    }),
    async execute(toolCallId, params) {
      const file = resolve(params.path);
      // Read, change, write: inside the file's queue, so a parallel edit cannot slip in between.
      await withFileMutationQueue(file, async () => {
        const before = await readFile(file, "utf8").catch(() => "");
        await writeFile(file, \`\${before}\${params.line}\\n\`);
      });
      return { content: [{ type: "text", text: \`Appended a line to \${params.path}\` }], details: {} };
    },
  });
}
`;

// pi 1.6.0's format: the tool runs another tool through the pipeline (ctx.executeTool), returns
// structuredContent beside its text, and says it failed by returning isError. Under pi 0.73.1 the page warns
// that ctx.executeTool is 1.6.0's, and a call fails: 0.73.1's context has no executeTool.
const lines = `import { Type } from "typebox";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "lines",
    label: "Line count",
    description: "Count the lines of a text file in the workspace, read with the read tool.",
    promptSnippet: "Count the lines of a file",
    parameters: Type.Object({
      path: Type.String({ description: "Path to the file, relative to the workspace" }),
    }),
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      // A nested call: its own lane on the timeline, its id is this call's id + "/1".
      const read = await ctx.executeTool("read", { path: params.path });
      // A failure is returned, not thrown: the model sees the read's own error text.
      if (read.isError) return { content: read.result.content, details: {}, isError: true };
      const text = read.result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      const count = text === "" ? 0 : text.split("\\n").length - (text.endsWith("\\n") ? 1 : 0);
      return {
        content: [{ type: "text", text: \`\${params.path}: \${count} lines\` }],
        details: {},
        structuredContent: { path: params.path, lines: count },
      };
    },
  });
}
`;

export const TOOL_TEMPLATES: readonly ToolTemplate[] = [
  { id: "wc", source: wc },
  { id: "todo", source: todo },
  { id: "countdown", source: countdown },
  { id: "append", source: append },
  { id: "lines", source: lines },
];
