/** The browser build must fail when a Node built-in would reach the bundle (Vite alone only warns). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { nodeBuiltinGate } from "../scripts/node-builtin-gate";

const dir = mkdtempSync(join(tmpdir(), "build-gate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(source: string) {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  return build({
    configFile: false,
    logLevel: "silent",
    root: dir,
    plugins: [nodeBuiltinGate()],
    build: { write: false, lib: { entry, formats: ["es"], fileName: "out" } },
  });
}

describe("node built-in gate", () => {
  it("fails the build on node:fs and names the way out", async () => {
    await expect(
      bundle('import { readFileSync } from "node:fs"; console.log(readFileSync);'),
    ).rejects.toThrow(/Node built-in "node:fs" .* would reach the browser bundle/);
  });

  it("fails on a bare built-in name too", async () => {
    await expect(bundle('import os from "os"; console.log(os);')).rejects.toThrow(/Node built-in "os"/);
  });

  it("lets a browser-only module through", async () => {
    await expect(bundle("export const x = globalThis.URL;")).resolves.toBeDefined();
  });
});
