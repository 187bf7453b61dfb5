/** The engine (~350 KB gzip) must stay out of the page's first bundle: only a dynamic import may load it. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("bash engine loading", () => {
  it("imports just-bash at run time only in engine.ts, and only dynamically", () => {
    const dir = join(process.cwd(), "src/backends/memfs/bash");
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
      const source = readFileSync(join(dir, name), "utf8");
      const staticValueImport = /^import\s+(?!type\b)[^;]*from\s+"just-bash"/m.test(source);
      expect(staticValueImport, `${name} imports just-bash statically`).toBe(false);
      if (name !== "engine.ts") expect(source.includes('import("just-bash")'), name).toBe(false);
    }
    expect(readFileSync(join(dir, "engine.ts"), "utf8")).toContain('import("just-bash")');
  });
});
