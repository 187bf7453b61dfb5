/**
 * Model mode's build: the model driver (and pi-ai behind it) bundles for the browser with the Node
 * built-in gate on, reached only through a dynamic import, so the chunk that imports it stays small. The
 * pi-ai stub answers one import from one file; the gate still refuses every other Node built-in.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Rolldown } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { layerAliases } from "../scripts/aliases";
import { nodeBuiltinGate } from "../scripts/node-builtin-gate";
import { piAiNodeFsStub } from "../scripts/pi-ai-build";
import { browserAliases } from "../vite.config";

const dir = mkdtempSync(join(tmpdir(), "model-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(source: string) {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  const out = await build({
    configFile: false,
    logLevel: "silent",
    root: dir,
    plugins: [piAiNodeFsStub(), nodeBuiltinGate()],
    resolve: { alias: [...layerAliases, ...browserAliases] },
    build: {
      write: false,
      target: "es2022",
      minify: false,
      lib: { entry, formats: ["es"], fileName: "entry" },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
}

describe("model mode build", () => {
  it("bundles the model driver and pi-ai behind a dynamic import, gate on, nothing of pi-ai in the importer", async () => {
    const chunks = await bundle('export const loadModelDriver = () => import("@agent/drivers/model");');
    const entry = chunks.find((c) => c.isEntry);
    expect(entry?.code.length).toBeLessThan(2_000);
    expect(entry?.code).not.toContain("streamSimple");
    const all = chunks.map((c) => c.code).join("\n");
    expect(all).toContain("pi-ai asked for a file, but the browser has no file system");
    expect(all).not.toMatch(/from\s*["']node:/);
  }, 120_000);

  it("bundles pi 1.6.0's module (its own pi-ai) behind a dynamic import, gate on, none of it in the importer", async () => {
    const chunks = await bundle('export const load160 = () => import("@app/page/provider-stream-160");');
    const entry = chunks.find((c) => c.isEntry);
    expect(entry?.code.length).toBeLessThan(2_000);
    const all = chunks.map((c) => c.code).join("\n");
    // 1.6.0's own marks: its transcript normaliser and its Bun-only read, stubbed
    expect(all).toContain("normalizeContext");
    expect(entry?.code).not.toContain("normalizeContext");
    expect(all).toContain("pi-ai asked for a file, but the browser has no file system");
    expect(all).not.toMatch(/from\s*["']node:/);
  }, 120_000);

  it("the stub answers node:fs only when pi-ai's env-api-keys.js asks", async () => {
    const plugin = piAiNodeFsStub() as unknown as { resolveId: (s: string, i?: string) => string | null };
    const piFile = "/x/node_modules/@mariozechner/pi-ai/dist/env-api-keys.js";
    expect(plugin.resolveId("node:fs", piFile)).toBeTruthy();
    expect(plugin.resolveId("node:os", piFile)).toBeNull();
    // 1.6.0 moved the same read to utils/provider-env.js
    const pi160 = "/x/node_modules/@earendil-works/pi-ai/dist/utils/provider-env.js";
    expect(plugin.resolveId("node:fs", pi160)).toBeTruthy();
    expect(plugin.resolveId("node:fs", "/x/node_modules/@earendil-works/pi-ai/dist/index.js")).toBeNull();
    expect(plugin.resolveId("node:fs", "/x/node_modules/@mariozechner/pi-ai/dist/stream.js")).toBeNull();
    expect(plugin.resolveId("node:fs", "/x/src/agent/drivers/model.ts")).toBeNull();
  });

  it("with the stub in place, any other node:fs import still fails the build", async () => {
    await expect(
      bundle('import { readFileSync } from "node:fs"; console.log(readFileSync);'),
    ).rejects.toThrow(/Node built-in "node:fs" .* would reach the browser bundle/);
  });
});
