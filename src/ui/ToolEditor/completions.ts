/**
 * Completion for pi's tool API from a short list (no TypeScript compiler in the page): the registerTool
 * call as a snippet, the definition's fields, TypeBox's common builders and what the imports offer.
 */

import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  snippetCompletion,
} from "@codemirror/autocomplete";
import { LEARNER_IMPORTS } from "@core/learner-imports";

const TYPE_MEMBERS = [
  "Object",
  "String",
  "Number",
  "Integer",
  "Boolean",
  "Array",
  "Optional",
  "Literal",
  "Union",
  "Enum",
  "Record",
  "Null",
  "Unknown",
  "Tuple",
  "Any",
].map((name): Completion => ({ label: name, type: "function", detail: "TypeBox" }));

const FIELDS: Completion[] = [
  ["name", "the tool's name: letters, digits, _ or -"],
  ["label", "a short title"],
  ["description", "what the model reads to decide when to call it"],
  ["parameters", "Type.Object({ ... })"],
  ["promptSnippet", "the one line under the prompt's tools"],
  ["promptGuidelines", "lines for the prompt's rules; name the tool in each"],
  ["executionMode", '"sequential" | "parallel"'],
  ["execute", "(toolCallId, params, signal, onUpdate, ctx) => result"],
  ["content", '[{ type: "text", text }]'],
  ["details", "anything for the page, not the model"],
].map(([label, detail]) => ({ label, detail, type: "property" }));

const NAMES: Completion[] = [
  // CodeMirror's snippet fields are written ${…}: not a template string.
  snippetCompletion(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a snippet, not a template literal
    'pi.registerTool({\n\tname: "${name}",\n\tlabel: "${Label}",\n\tdescription: "${What it does}",\n\tparameters: Type.Object({}),\n\tasync execute(toolCallId, params, signal, onUpdate) {\n\t\treturn { content: [{ type: "text", text: "${}" }], details: {} };\n\t},\n});',
    { label: "registerTool", detail: "pi.registerTool({ … })", type: "method" },
  ),
  { label: "Type", type: "variable", detail: 'import { Type } from "typebox"' },
  { label: "StringEnum", type: "function", detail: '"@mariozechner/pi-ai"' },
  { label: "withFileMutationQueue", type: "function", detail: "(absolutePath, async () => { … })" },
  { label: "defineTool", type: "function", detail: '"@mariozechner/pi-coding-agent"' },
  ...["Read", "Bash", "Edit", "Write", "Grep", "Find", "Ls"].map(
    (t): Completion => ({ label: `create${t}ToolDefinition`, type: "function", detail: "(cwd, options?)" }),
  ),
  ...["readFile", "writeFile", "readdir", "stat", "mkdir"].map(
    (f): Completion => ({ label: f, type: "function", detail: "node:fs/promises" }),
  ),
  ...LEARNER_IMPORTS.map((m): Completion => ({ label: m, type: "namespace", detail: "import" })),
  ...FIELDS,
];

export function toolCompletions(context: CompletionContext): CompletionResult | null {
  const member = context.matchBefore(/Type\.\w*/);
  if (member) return { from: member.from + "Type.".length, options: TYPE_MEMBERS, validFor: /^\w*$/ };
  const word = context.matchBefore(/[\w@:/.-]+/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  return { from: word.from, options: NAMES, validFor: /^[\w@:/.-]*$/ };
}
