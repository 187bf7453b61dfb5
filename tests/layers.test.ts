/**
 * Proves each import rule fires: a probe file with a forbidden import is written where the rule applies, the
 * dependency checker (.dependency-cruiser.cjs) reads it, and the named rule must report it; a probe that keeps
 * the rules must pass. The globals rules (no `window` below ui/) are Biome's, and proven here the same way.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const tag = `__probe_${process.pid}__`;

/** Writes the probe files, runs `run` on the first, removes them all. */
function withProbes<T>(files: Record<string, string>, run: (first: string) => T): T {
  const paths = Object.keys(files);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source);
  }
  try {
    return run(paths[0]);
  } finally {
    for (const path of paths) rmSync(path, { force: true });
  }
}

/**
 * One run of the checker over every probe at once (it starts slowly), following imports `depth` deep (a circle
 * needs two steps); the rules each probe broke.
 */
function cruiseAll(files: Record<string, string>, depth = 1): Map<string, string[]> {
  return withProbes(files, () => {
    let out: string;
    try {
      out = execFileSync(
        "node_modules/.bin/depcruise",
        [
          "--config",
          ".dependency-cruiser.cjs",
          "--output-type",
          "json",
          "--max-depth",
          String(depth),
          ...Object.keys(files),
        ],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? "");
    }
    const report = JSON.parse(out) as { summary: { violations: { from: string; rule: { name: string } }[] } };
    const broken = new Map<string, string[]>(Object.keys(files).map((path) => [path, []]));
    for (const v of report.summary.violations) broken.get(v.from)?.push(v.rule.name);
    return broken;
  });
}

function biomeLint(path: string, source: string): string[] {
  return withProbes({ [path]: source }, (file) => {
    let out: string;
    try {
      out = execFileSync("node_modules/.bin/biome", ["lint", "--reporter=json", file], { encoding: "utf8" });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? "");
    }
    const report = JSON.parse(out.slice(out.indexOf("{"))) as { diagnostics: { category: string }[] };
    return report.diagnostics.map((d) => d.category);
  });
}

const importing = (spec: string) => `import * as x from "${spec}";\nexport const y = x;\n`;

const forbidden: [where: string, source: string, rule: string][] = [
  ["core", importing("react"), "core-has-no-ui"],
  ["core", importing("memfs"), "core-knows-no-backend"],
  ["core", importing("@agent/events"), "core-is-the-bottom"],
  ["core", importing("../backends/memfs/workspace"), "core-is-the-bottom"],
  ["core", importing("node:fs"), "no-node-builtins"],
  ["agent", importing("@backends/memfs/workspace"), "agent-imports-core-only"],
  ["agent", importing("@webcontainer/api"), "agent-knows-no-backend"],
  ["state", importing("react"), "state-is-framework-free"],
  ["state", importing("@ui/App/App"), "state-imports-agent-and-core"],
  ["backends", importing("@agent/events"), "backends-import-core-only"],
  ["ui", importing("@backends/memfs/workspace"), "ui-never-reaches-app-or-backends"],
  ["ui", importing("@app/worker/session"), "ui-never-reaches-app-or-backends"],
  ["ui", importing("path"), "no-node-builtins"],
  ["app/page", importing("@app/worker/session"), "page-never-imports-worker"],
  ["app/page", importing("../worker/pacer"), "page-never-imports-worker"],
  ["app/worker", importing("@app/page/page-session"), "worker-never-imports-page"],
  ["app/common", importing("@app/page/scenarios"), "common-serves-both-threads"],
  ["app/common", importing("@app/sandbox/serve"), "common-serves-both-threads"],
  ["app/sandbox", importing("@backends/memfs/workspace"), "sandbox-reaches-the-workspace-by-messages"],
  ["app/sandbox", importing("@app/worker/session"), "sandbox-reaches-the-workspace-by-messages"],
  ["app/page", importing("@app/sandbox/serve"), "page-never-imports-sandbox"],
  ["app/worker", importing("@app/sandbox/serve"), "worker-runs-sandbox-in-process-only-in-node"],
];

const allowed: [where: string, source: string][] = [
  ["agent", importing("@core/tools/types")],
  ["ui", importing("@state/store")],
  ["backends", importing("@core/bytes")],
  ["app/page", importing("@app/common/share/limits")],
  ["app/worker", importing("../common/share/limits")],
  ["app/sandbox", importing("../common/sandbox/rpc")],
  ["app/sandbox", importing("@core/path-utils")],
];

const probePath = (where: string, n: number) => `src/${where}/${tag}${n}.ts`;
const circleA = `src/state/${tag}a.ts`;
const circleB = `src/state/${tag}b.ts`;

describe("import rules (.dependency-cruiser.cjs, docs/layers.md)", () => {
  const files: Record<string, string> = {};
  forbidden.forEach(([where, source], n) => {
    files[probePath(where, n)] = source;
  });
  allowed.forEach(([where, source], n) => {
    files[probePath(where, 100 + n)] = source;
  });
  let broken: Map<string, string[]>;
  let circle: Map<string, string[]>;
  beforeAll(() => {
    broken = cruiseAll(files);
    circle = cruiseAll(
      {
        [circleA]: `import { b } from "./${tag}b";\nexport const a = () => b;\n`,
        [circleB]: `import { a } from "./${tag}a";\nexport const b = () => a;\n`,
      },
      2,
    );
  }, 120_000);

  it.each(forbidden.map((c, n) => [...c, n] as const))(
    "src/%s rejects %j (%s)",
    (where, _source, rule, n) => {
      expect(broken.get(probePath(where, n))).toContain(rule);
    },
  );

  it("rejects an import circle", () => {
    expect([...(circle.get(circleA) ?? []), ...(circle.get(circleB) ?? [])]).toContain("no-circular");
  });

  it("lets each layer and thread import what the design allows", () => {
    allowed.forEach(([where], n) => {
      expect(broken.get(probePath(where, 100 + n)), where).toEqual([]);
    });
  });

  it("keeps DOM globals out of core/ (Biome)", () => {
    expect(biomeLint(`src/core/${tag}g.ts`, "export const x = document.title;\n")).toContain(
      "lint/style/noRestrictedGlobals",
    );
    expect(biomeLint(`src/core/${tag}g.ts`, "export const x = 1;\n")).toEqual([]);
  });
});

describe("unused exports (knip.jsonc)", () => {
  it("an export nobody imports fails the check; the one a test imports does not", () => {
    const module = `src/state/${tag}unused.ts`;
    const user = `src/state/${tag}unused.test.ts`;
    const report = withProbes(
      {
        [module]: "export const used = 1;\nexport const nobodyImportsThis = 2;\n",
        [user]: `import { used } from "./${tag}unused";\nexport const x = used;\n`,
      },
      () => {
        try {
          execFileSync("node_modules/.bin/knip", ["--no-progress", "--reporter", "compact"], {
            encoding: "utf8",
          });
          return "";
        } catch (error) {
          return String((error as { stdout?: string }).stdout ?? "");
        }
      },
    );
    // the probe's line names the one export nobody imports, and only that one
    expect(report.split("\n").filter((line) => line.startsWith(module))).toEqual([
      `${module}: nobodyImportsThis`,
    ]);
  }, 120_000);
});
