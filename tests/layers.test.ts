/**
 * Proves each layer rule fires: a probe file with a forbidden import is written into the layer's folder,
 * Biome lints it, and the named rule must report it. A file that respects the rules must lint clean.
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const biome = "node_modules/.bin/biome";

function lint(layer: string, source: string): string[] {
  const file = `src/${layer}/__layer_probe_${process.pid}__.ts`;
  writeFileSync(file, source);
  try {
    let out: string;
    try {
      out = execFileSync(biome, ["lint", "--reporter=json", "--max-diagnostics=50", file], {
        encoding: "utf8",
      });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? "");
    }
    const report = JSON.parse(out.slice(out.indexOf("{"))) as { diagnostics: { category: string }[] };
    return report.diagnostics.map((d) => d.category);
  } finally {
    rmSync(file, { force: true });
  }
}

const cases: [layer: string, source: string, rule: string][] = [
  [
    "core",
    'import { useState } from "react";\nexport const x = useState;\n',
    "lint/style/noRestrictedImports",
  ],
  ["core", 'import { Volume } from "memfs";\nexport const x = Volume;\n', "lint/style/noRestrictedImports"],
  ["core", 'import { x } from "@agent/events";\nexport const y = x;\n', "lint/style/noRestrictedImports"],
  [
    "core",
    'import { x } from "../backends/memfs/workspace";\nexport const y = x;\n',
    "lint/style/noRestrictedImports",
  ],
  ["core", "export const x = document.title;\n", "lint/style/noRestrictedGlobals"],
  [
    "core",
    'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n',
    "lint/correctness/noNodejsModules",
  ],
  [
    "agent",
    'import { x } from "@backends/memfs/workspace";\nexport const y = x;\n',
    "lint/style/noRestrictedImports",
  ],
  [
    "agent",
    'import { WebContainer } from "@webcontainer/api";\nexport const y = WebContainer;\n',
    "lint/style/noRestrictedImports",
  ],
  [
    "state",
    'import { useState } from "react";\nexport const x = useState;\n',
    "lint/style/noRestrictedImports",
  ],
  ["state", 'import { x } from "@ui/App/App";\nexport const y = x;\n', "lint/style/noRestrictedImports"],
  ["backends", 'import { x } from "@agent/events";\nexport const y = x;\n', "lint/style/noRestrictedImports"],
  [
    "ui",
    'import { x } from "@backends/memfs/workspace";\nexport const y = x;\n',
    "lint/style/noRestrictedImports",
  ],
  ["ui", 'import { x } from "@app/worker/session";\nexport const y = x;\n', "lint/style/noRestrictedImports"],
  ["ui", 'import { join } from "path";\nexport const x = join;\n', "lint/correctness/noNodejsModules"],
];

describe("layer rules (docs/layers.md)", () => {
  it.each(cases)("src/%s rejects %j", (layer, source, rule) => {
    expect(lint(layer, source)).toContain(rule);
  });

  it("lets each layer import what the design allows", () => {
    expect(
      lint("agent", 'import type { AgentTool } from "@core/tools/types";\nexport type X = AgentTool;\n'),
    ).toEqual([]);
    expect(
      lint("ui", 'import type { Store } from "@state/store";\nexport type X = Store<number>;\n'),
    ).toEqual([]);
    expect(
      lint("backends", 'import { utf8Encode } from "@core/bytes";\nexport const x = utf8Encode;\n'),
    ).toEqual([]);
  });
});
