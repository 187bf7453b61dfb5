import { describe, expect, it } from "vitest";
import { findContextFiles, findSkills } from "./discover";
import {
  createInitialSystemMessage,
  declareToolChanges,
  diffSystemPromptSections,
  renderSystemMessageUpdate,
} from "./patch";
import { buildSystemPromptState as buildState, collapseSnippet } from "./sections";
import type { BuildSystemPromptOptions, SystemMessage } from "./types";
import { PROMPT_1_6_0 } from "./versions/index";
import { anthropicRequest, openAiChatRequest } from "./wire";

// The sectioned prompt is pi 1.6.0's (docs/pi-contract.md §7.2): these tests build with its profile.
const buildSystemPromptState = (options: BuildSystemPromptOptions) => buildState(options, PROMPT_1_6_0);

// Snippets and guidelines given by the caller (1.6.0's texts for bash and edit).
const snippets = {
  read: "Read file contents",
  bash: "Execute bash commands (ls, grep, find, etc.)",
  edit: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
  write: "Create or overwrite files",
  grep: "Search file contents",
};
const guidelines = {
  read: ["Use read to examine files instead of cat or sed."],
  bash: ["You can inspect PI_* environment variables for current model and session details."],
  edit: [
    "Use edit for targeted changes. Batch changes to one file in a single call.",
    "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
  ],
  write: ["Use write only for new files or complete rewrites."],
};
const base = { toolSnippets: snippets, toolGuidelines: guidelines, cwd: "/workspace" };

describe("buildSystemPromptState", () => {
  it("matches the documented section names, order and rules for read, bash, edit, write", () => {
    const state = buildSystemPromptState(base);
    expect(Object.keys(state.sections ?? {})).toEqual(["preamble", "tools", "rules", "docs", "cwd"]);
    expect(state.sections?.preamble.startsWith("<")).toBe(false);
    expect(state.sections?.tools).toBe(
      `<tools>\n- read: ${snippets.read}\n- bash: ${snippets.bash}\n- edit: ${snippets.edit}\n- write: ${snippets.write}\n\nAdditional tools may be available.\n</tools>`,
    );
    expect(state.rules.map((r) => r.text)).toEqual([
      "Use bash for file operations like ls, rg, find",
      ...guidelines.read,
      ...guidelines.bash,
      ...guidelines.edit,
      ...guidelines.write,
      "Be concise in your responses",
      "Show file paths clearly when working with files",
    ]);
    expect(state.rules[0].source).toEqual({ kind: "base", rule: "exploration" });
    expect(state.rules[1].source).toEqual({ kind: "tool", tool: "read" });
    expect(state.sections?.cwd).toBe("<cwd>\n/workspace\n</cwd>");
    expect(state.content).toBe(Object.values(state.sections ?? {}).join("\n\n"));
  });

  it("drops the exploration rule when grep, find or ls is declared, and lists grep", () => {
    const state = buildSystemPromptState({ ...base, selectedTools: ["read", "bash", "grep"] });
    expect(state.rules.some((r) => r.text.startsWith("Use bash for file"))).toBe(false);
    expect(state.sections?.tools).toContain("- grep: Search file contents");
  });

  it("hides hidden tools from the list, the rules and the skills hint, but keeps skills", () => {
    const skills = [{ name: "s", description: "d <x>", filePath: "/w/.pi/skills/s/SKILL.md" }];
    const state = buildSystemPromptState({
      ...base,
      selectedTools: ["read", "bash"],
      hiddenTools: ["read", "bash"],
      skills,
    });
    expect(state.declaredTools).toEqual([]);
    expect(state.sections?.tools).toContain("(none)");
    expect(state.rules.map((r) => r.text)).toEqual([
      "Be concise in your responses",
      "Show file paths clearly when working with files",
    ]);
    expect(state.sections?.skills).toContain("<description>d &lt;x&gt;</description>");
    expect(state.sections?.skills).toContain(
      "\nLoad a skill's file when the task matches its description.\n",
    );
    const withRead = buildSystemPromptState({ ...base, selectedTools: ["read"], skills });
    expect(withRead.sections?.skills).toContain("Use the read tool to load a skill's file");
    expect(
      buildSystemPromptState({ ...base, selectedTools: ["edit"], skills }).sections?.skills,
    ).toBeUndefined();
  });

  it("dedupes rules on trimmed text, first wins, and collapses snippets", () => {
    const state = buildSystemPromptState({
      ...base,
      selectedTools: ["read"],
      promptGuidelines: ["  Be concise in your responses "],
    });
    expect(state.rules.filter((r) => r.text === "Be concise in your responses")[0].source).toEqual({
      kind: "guideline",
    });
    expect(collapseSnippet("  a\n  b  ")).toBe("a b");
  });

  it("orders addendum, project_context, skills, cwd, then custom sections; validates names", () => {
    const state = buildSystemPromptState({
      ...base,
      appendSystemPrompt: "extra",
      contextFiles: [{ path: "/workspace/AGENTS.md", content: "be nice\n" }],
      skills: [{ name: "s", description: "d", filePath: "/f" }],
      sections: { notes: "n", empty: "" },
    });
    expect(Object.keys(state.sections ?? {})).toEqual([
      "preamble",
      "tools",
      "rules",
      "docs",
      "addendum",
      "project_context",
      "skills",
      "cwd",
      "notes",
    ]);
    expect(state.sections?.project_context).toContain(
      // the file's text as it is: its own final newline stays
      '<project_instructions path="/workspace/AGENTS.md">\nbe nice\n\n</project_instructions>',
    );
    expect(() => buildSystemPromptState({ ...base, sections: { Bad: "x" } })).toThrow(
      "Invalid system prompt section name: Bad",
    );
    expect(() => buildSystemPromptState({ ...base, sections: { preamble: "x" } })).toThrow(
      "Invalid system prompt section name: preamble",
    );
  });

  it("uses a custom prompt as the preamble with no tools, rules or docs; a forced prompt is opaque", () => {
    const custom = buildSystemPromptState({ ...base, customPrompt: "You are a cat." });
    expect(Object.keys(custom.sections ?? {})).toEqual(["preamble", "cwd"]);
    const forced = buildSystemPromptState({ ...base, forceSystemPrompt: "FORCED" });
    expect(forced.content).toBe("FORCED");
    expect(forced.sections).toBeUndefined();
  });
});

describe("patches and system messages", () => {
  it("diffs sections and renders the update", () => {
    const a = buildSystemPromptState(base).sections ?? {};
    const b =
      buildSystemPromptState({
        ...base,
        selectedTools: ["read", "bash", "edit", "write", "grep"],
        sections: { x: "y" },
      }).sections ?? {};
    expect(diffSystemPromptSections(a, a)).toBeUndefined();
    const patch = diffSystemPromptSections(a, b) ?? {};
    expect(Object.keys(patch)).toEqual(["tools", "rules", "x"]);
    expect(diffSystemPromptSections(b, a)).toMatchObject({ x: null });
    const text = renderSystemMessageUpdate({
      content: "",
      sections: { x: null, tools: "<tools>\nT\n</tools>" },
    });
    expect(text).toBe(
      'Removed system prompt section "x".\n\nUpdated system prompt section "tools":\n\n<tools>\nT\n</tools>',
    );
  });

  it("creates the initial message and declares tool changes", () => {
    expect(createInitialSystemMessage("", [])).toBeUndefined();
    const read = { name: "read", description: "r", parameters: {} };
    const grep = { name: "grep", description: "g", parameters: {} };
    const first = createInitialSystemMessage("P", [read]) as SystemMessage;
    expect(first).toMatchObject({ role: "system", content: "P", toolsAdded: [read] });
    const user = { role: "user" };
    const out = declareToolChanges([first], [user], [grep], () => 5);
    expect(out).toEqual([
      { role: "system", content: "", timestamp: 5, toolsAdded: [grep], toolsRemoved: ["read"] },
      user,
    ]);
    expect(declareToolChanges([first], [user], [read])).toEqual([user]);
    const pending = [{ role: "system", content: "c", timestamp: 1 } as SystemMessage, user];
    expect(declareToolChanges([first], pending, [read, grep])[0]).toMatchObject({
      content: "c",
      toolsAdded: [grep],
    });
  });
});

describe("discovery and wire views", () => {
  const files: Record<string, string> = {
    "/AGENTS.md": "root",
    "/workspace/CLAUDE.md": "claude",
    "/workspace/AGENTS.md": "agents",
    "/workspace/.pi/skills/a/SKILL.md": '---\nname: a-skill\ndescription: "Does A"\n---\nbody',
    "/workspace/.pi/skills/b/SKILL.md": "no front matter",
  };
  const reader = {
    readFile: (p: string) => files[p],
    listFiles: (d: string) => Object.keys(files).filter((p) => p.startsWith(`${d}/`)),
  };
  it("finds context files from / down to cwd, AGENTS.md before CLAUDE.md", () => {
    expect(findContextFiles("/workspace", reader)).toEqual([
      { path: "/AGENTS.md", content: "root" },
      { path: "/workspace/AGENTS.md", content: "agents" },
    ]);
  });
  it("reads skills' front matter", () => {
    expect(findSkills("/workspace", reader)).toEqual([
      { name: "a-skill", description: "Does A", filePath: "/workspace/.pi/skills/a/SKILL.md" },
    ]);
  });
  it("shapes Anthropic and OpenAI requests", () => {
    const tool = {
      name: "read",
      description: "r",
      parameters: { type: "object", properties: { p: {} }, required: ["p"], additionalProperties: false },
    };
    const a = anthropicRequest("S", [tool, tool], { cache: true });
    expect(a.tools[0]).toEqual({
      name: "read",
      description: "r",
      input_schema: { type: "object", properties: { p: {} }, required: ["p"] },
    });
    expect(a.tools[1]).toHaveProperty("cache_control");
    expect(openAiChatRequest("S", [tool]).tools[0]).toEqual({ type: "function", function: tool });
  });
});
