/**
 * What the page loads before it first paints is every module main.tsx reaches through static value
 * imports. Heavy parts (the file system, the bash engine, the transpiler, the editor, the provider SDKs)
 * belong in the worker or behind a dynamic import: one static import from a page-side module pulls a
 * whole library into the first bundle, which is how it grew by 80 KB once without any test noticing.
 * This walks that graph from the source, so it fails at the import that did it, not only in the bench.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const ALIASES: Record<string, string> = {
  "@core/": "src/core/",
  "@backends/": "src/backends/",
  "@agent/": "src/agent/",
  "@state/": "src/state/",
  "@ui/": "src/ui/",
  "@app/": "src/app/",
};

/** Modules and packages that must never load with the page itself. */
const NOT_IN_FIRST_BUNDLE = [
  /^src\/backends\/memfs\//,
  /^pkg:memfs$/,
  /^pkg:@jsonjoy\.com\//,
  /^pkg:just-bash$/,
  /^pkg:sucrase$/,
  /^pkg:@codemirror\//,
  /^pkg:@mariozechner\/pi-ai/,
  /^pkg:@earendil-works\/pi-ai/,
  /^pkg:fflate$/,
  /^pkg:@webcontainer\/api$/,
  // dialogs and panes that load on first use, with their English strings (src/ui/i18n LAZY_NAMESPACES)
  /^src\/ui\/Lessons\//,
  /^src\/ui\/Compromises\/Compromises\.tsx$/,
  /^src\/ui\/CompareBackends\/CompareBackends\.tsx$/,
  /^src\/ui\/ModelPrompt\/ModelPrompt\.tsx$/,
  /^src\/ui\/SystemPrompt\/RequestTab\.tsx$/,
  /^src\/ui\/FileEditor\//,
  /^src\/ui\/ShortcutsDialog\//,
  /^src\/ui\/ContextGauge\//,
  /^src\/ui\/Debugger\/DebuggerStrip\.tsx$/,
  /^src\/ui\/Workspaces\/WorkspaceList\.tsx$/,
  /^src\/app\/page\/events-file\.ts$/,
];

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ])
    if (existsSync(join(ROOT, candidate)) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  return null;
}

/** The static value imports of one source file (type-only imports and `import()` are left out). */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) {
    // `import { type A, type B } from "x"` loads nothing at run time either.
    const clause = match[0].match(/\{([^}]*)\}/)?.[1];
    const onlyTypes =
      clause !== undefined &&
      !/^\s*(?:import|export)\s+[\w*]/.test(match[0].replace(/\{[^}]*\}/, "")) &&
      clause
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
    if (!onlyTypes) specifiers.push(match[1] as string);
  }
  return specifiers;
}

function firstBundleModules(entry: string): Map<string, string> {
  const reachedFrom = new Map<string, string>([[entry, "(entry)"]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file.startsWith("pkg:")) continue;
    for (const spec of staticImports(readFileSync(join(ROOT, file), "utf8"))) {
      let target: string | null;
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      if (alias) target = resolveFile(ALIASES[alias] + spec.slice(alias.length));
      else if (spec.startsWith(".")) target = resolveFile(relative(ROOT, join(ROOT, dirname(file), spec)));
      else if (/\.(css|json|svg|png)(\?.*)?$/.test(spec)) continue;
      else
        target = `pkg:${spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]}`;
      if (target && !reachedFrom.has(target)) {
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return reachedFrom;
}

describe("the page's first bundle", () => {
  const modules = firstBundleModules("src/app/page/main.tsx");

  it("is walked from main.tsx through the page's own modules", () => {
    expect(modules.has("src/ui/App/App.tsx")).toBe(true);
    expect(modules.has("src/app/page/persist/page-persist.ts")).toBe(true);
    expect(modules.has("pkg:react")).toBe(true);
  });

  it("holds none of the heavy parts, which load in the worker or on first use", () => {
    const trail = (module: string) => {
      const path = [module];
      for (let at = modules.get(module); at && at !== "(entry)"; at = modules.get(at)) path.unshift(at);
      return path.join(" → ");
    };
    const heavy = [...modules.keys()].filter((m) => NOT_IN_FIRST_BUNDLE.some((rule) => rule.test(m)));
    expect(heavy.map(trail)).toEqual([]);
  });
});
