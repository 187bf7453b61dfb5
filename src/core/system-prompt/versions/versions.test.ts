import { describe, expect, it } from "vitest";
import type { BuildSystemPromptOptions } from "../types";
import { PROMPT_0_73_1, PROMPT_1_6_0, type PromptProfile, promptProfile, toolPromptInputs } from "./index";
import recorded from "./recorded-prompts.json";

// recorded-prompts.json: each version's own prompt builder run in Node on these options (every case with
// the seven built-in tools' snippets and guidelines of that version), the docs paths replaced by the
// playground's, 0.73.1's date set to the recorded day.
const [year, month, day] = recorded.date.split("-").map(Number);
const date = new Date(year, month - 1, day);

function optionsFor(profile: PromptProfile, options: object): BuildSystemPromptOptions {
  const names = Object.keys(profile.toolContributions).map((name) => ({ name }));
  return {
    date,
    ...(options as BuildSystemPromptOptions),
    ...toolPromptInputs(names, profile.toolContributions),
  };
}

describe.each([PROMPT_0_73_1, PROMPT_1_6_0])("pi $version's prompt, against the recording", (profile) => {
  const cases = recorded.cases.filter((c) => profile.version in c) as Array<Record<string, unknown>>;
  it.each(cases.map((c) => [c.name as string, c]))("%s", (_name, c) => {
    const state = profile.build(optionsFor(profile, c.options as object));
    expect(state.content).toBe(c[profile.version]);
    expect(profile.join(state.sections ?? {})).toBe(state.content);
    expect(state.version).toBe(profile.version);
  });
});

const extras: BuildSystemPromptOptions = {
  cwd: "/workspace",
  contextFiles: [{ path: "/workspace/AGENTS.md", content: "Use tabs." }],
  skills: [{ name: "lint", description: "Run the linter", filePath: "/workspace/.pi/skills/lint/SKILL.md" }],
  appendSystemPrompt: "Answer in French.",
};

describe("0.73.1: one flat string, shown as sections", () => {
  const build = (o: Partial<BuildSystemPromptOptions> = {}) =>
    PROMPT_0_73_1.build(optionsFor(PROMPT_0_73_1, { ...extras, ...o }));

  it("cuts the string into named pieces that concatenate to it exactly", () => {
    const state = build();
    expect(state.sectionsAreAView).toBe(true);
    expect(Object.keys(state.sections ?? {})).toEqual([
      "preamble",
      "tools",
      "rules",
      "docs",
      "addendum",
      "project_context",
      "skills",
      "date",
      "cwd",
    ]);
    expect(Object.values(state.sections ?? {}).join("")).toBe(state.content);
    expect(state.sections?.tools.startsWith("\n\nAvailable tools:\n- read: Read file contents\n")).toBe(true);
    expect(state.sections?.rules.startsWith("\n\nGuidelines:\n- Use bash for file operations")).toBe(true);
    expect(state.sections?.project_context).toBe(
      "\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n## /workspace/AGENTS.md\n\nUse tabs.\n\n",
    );
    expect(state.sections?.date).toBe("\nCurrent date: 2026-01-31");
    expect(state.sections?.cwd).toBe("\nCurrent working directory: /workspace");
  });

  it("prefers grep/find/ls over bash when one of them is a tool, and lists the rules with their origin", () => {
    const state = build({ selectedTools: ["bash", "edit", "ls"] });
    expect(state.rules.map((r) => r.text)).toEqual([
      "Prefer grep/find/ls tools over bash for file exploration (faster, respects .gitignore)",
      ...PROMPT_0_73_1.toolContributions.edit.guidelines,
      "Be concise in your responses",
      "Show file paths clearly when working with files",
    ]);
    expect(state.rules[0].source).toEqual({ kind: "base", rule: "exploration" });
    expect(state.rules[1].source).toEqual({ kind: "tool", tool: "edit" });
    expect(PROMPT_0_73_1.toolContributions.edit.guidelines).toHaveLength(4);
    expect(PROMPT_0_73_1.toolContributions.bash.guidelines).toEqual([]);
  });

  it("offers skills only with read, and treats a hidden tool as absent", () => {
    expect(build({ selectedTools: ["bash"] }).sections?.skills).toBeUndefined();
    const hidden = build({ selectedTools: ["read", "bash"], hiddenTools: ["read"] });
    expect(hidden.sections?.skills).toBeUndefined();
    expect(hidden.sections?.tools).not.toContain("- read:");
    expect(build().sections?.skills).toContain("Use the read tool to load a skill's file");
  });

  it("announces no change: the next request carries the whole text", () => {
    const a = build().sections ?? {};
    const b = build({ date: new Date(2026, 1, 1) }).sections ?? {};
    const patch = PROMPT_0_73_1.diff(a, b);
    expect(patch).toEqual({ date: "\nCurrent date: 2026-02-01" });
    expect(PROMPT_0_73_1.renderUpdate({ content: "", sections: patch })).toBeUndefined();
    expect(PROMPT_0_73_1.transport).toBe("system-prompt");
  });

  it("leaves out custom sections (0.73.1 has none) and keeps a forced prompt opaque", () => {
    expect(build({ sections: { notes: "n" } }).content).not.toContain("notes");
    expect(build({ forceSystemPrompt: "F" })).toMatchObject({ content: "F", rules: [] });
  });
});

describe("1.6.0: tagged sections", () => {
  const build = (o: Partial<BuildSystemPromptOptions> = {}) =>
    PROMPT_1_6_0.build(optionsFor(PROMPT_1_6_0, { ...extras, ...o }));

  it("has no date and joins the sections with blank lines", () => {
    const state = build();
    expect(state.sectionsAreAView).toBe(false);
    expect(Object.keys(state.sections ?? {})).toEqual([
      "preamble",
      "tools",
      "rules",
      "docs",
      "addendum",
      "project_context",
      "skills",
      "cwd",
    ]);
    expect(state.content).not.toContain("Current date");
    expect(state.content).toBe(Object.values(state.sections ?? {}).join("\n\n"));
    expect(state.sections?.tools.endsWith("\n\nAdditional tools may be available.\n</tools>")).toBe(true);
  });

  it("orders the rules by the selected tools and drops the exploration rule when grep/find/ls is there", () => {
    const state = build({ selectedTools: ["edit", "bash", "read"] });
    expect(state.rules.map((r) => r.text)).toEqual([
      "Use bash for file operations like ls, rg, find",
      ...PROMPT_1_6_0.toolContributions.edit.guidelines,
      "You can inspect PI_* environment variables for current model and session details.",
      "Use read to examine files instead of cat or sed.",
      "Be concise in your responses",
      "Show file paths clearly when working with files",
    ]);
    expect(build({ selectedTools: ["bash", "grep"] }).rules[0].text).toBe(
      "You can inspect PI_* environment variables for current model and session details.",
    );
  });

  it("names the tool that loads a skill: read, bash, or none when the reader is hidden", () => {
    const hint = (o: Partial<BuildSystemPromptOptions>) => build(o).sections?.skills?.split("\n")[2];
    expect(hint({ selectedTools: ["read"] })).toBe(
      "Use the read tool to load a skill's file when the task matches its description.",
    );
    expect(hint({ selectedTools: ["bash"] })).toBe(
      "Use bash to load a skill's file when the task matches its description.",
    );
    expect(hint({ selectedTools: ["bash"], hiddenTools: ["bash"] })).toBe(
      "Load a skill's file when the task matches its description.",
    );
    expect(build({ selectedTools: ["edit"] }).sections?.skills).toBeUndefined();
    expect(build().sections?.skills).toContain(
      "\nResolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.\n",
    );
  });

  it("patches a change by section and tells it as pi does", () => {
    const a = build().sections ?? {};
    const b = build({ selectedTools: ["read", "bash", "grep"], appendSystemPrompt: "" }).sections ?? {};
    const patch = PROMPT_1_6_0.diff(a, b) ?? {};
    expect(Object.keys(patch)).toEqual(["tools", "rules", "addendum"]);
    expect(patch.addendum).toBeNull();
    expect(
      PROMPT_1_6_0.renderUpdate({ content: "", sections: { addendum: null, cwd: "<cwd>\n/b\n</cwd>" } }),
    ).toBe(
      'Removed system prompt section "addendum".\n\nUpdated system prompt section "cwd":\n\n<cwd>\n/b\n</cwd>',
    );
    expect(PROMPT_1_6_0.transport).toBe("system-messages");
  });
});

describe("profiles", () => {
  it("default to 0.73.1, and differ only in bash's and edit's contributions", () => {
    expect(promptProfile()).toBe(PROMPT_0_73_1);
    expect(promptProfile("1.6.0")).toBe(PROMPT_1_6_0);
    const differ = Object.keys(PROMPT_0_73_1.toolContributions).filter(
      (n) =>
        JSON.stringify(PROMPT_0_73_1.toolContributions[n]) !==
        JSON.stringify(PROMPT_1_6_0.toolContributions[n]),
    );
    expect(differ).toEqual(["bash", "edit"]);
  });

  it("take a definition's own texts unless a built-in table is given", () => {
    const defs = [{ name: "edit", promptSnippet: " a\n b ", promptGuidelines: ["mine"] }, { name: "wc" }];
    expect(toolPromptInputs(defs)).toEqual({
      toolSnippets: { edit: "a b", wc: "" },
      toolGuidelines: { edit: ["mine"], wc: [] },
    });
    expect(toolPromptInputs(defs, PROMPT_1_6_0.toolContributions).toolGuidelines.edit).toEqual(
      PROMPT_1_6_0.toolContributions.edit.guidelines,
    );
  });
});
