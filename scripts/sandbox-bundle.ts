import { fileURLToPath } from "node:url";
import { build, type Plugin, type Rollup } from "vite";
import { layerAliases } from "./aliases.ts";

/** What page code imports to get the sandbox worker's code as one string (src/app/page/sandbox/frame.ts). */
export const SANDBOX_MODULE = "virtual:sandbox-worker";
const RESOLVED = `\0${SANDBOX_MODULE}`;
const ENTRY = fileURLToPath(new URL("../src/app/sandbox/sandbox-worker.ts", import.meta.url));

/**
 * The learner's code runs in a worker that a sandboxed iframe starts from a Blob: the iframe has an opaque
 * origin, so it can neither load a worker script from our origin nor fetch one (its CSP blocks fetch). The
 * page therefore hands it the worker's code as text, and that text must be one self-contained script. This
 * plugin builds it (one IIFE, no chunks) and serves it as a string module, the same way in `vite` (dev) and
 * `vite build`. The page imports it lazily, so the first bundle never carries it. docs/learner-tools.md.
 */
export function sandboxWorkerBundle(): Plugin {
  return {
    name: "sandbox-worker-bundle",
    // The filters keep the bundler from calling back into JavaScript for every other module.
    resolveId: {
      filter: { id: /^virtual:sandbox-worker$/ },
      handler: (source) => (source === SANDBOX_MODULE ? RESOLVED : null),
    },
    load: {
      filter: { id: /^\0virtual:sandbox-worker$/ },
      async handler(id) {
        if (id !== RESOLVED) return null;
        const { code, inputs } = await bundleSandboxWorker();
        for (const input of inputs) this.addWatchFile(input);
        return `export default ${JSON.stringify(code)};`;
      },
    },
  };
}

export async function bundleSandboxWorker(): Promise<{ code: string; inputs: string[] }> {
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    resolve: { alias: layerAliases },
    build: {
      write: false,
      target: "es2022",
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: ENTRY, formats: ["iife"], name: "piSandbox", fileName: () => "sandbox-worker.js" },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const entry = chunks.find((c): c is Rollup.OutputChunk => c.type === "chunk" && c.isEntry);
  if (!entry || chunks.some((c) => c.type === "chunk" && !c.isEntry))
    throw new Error("The sandbox worker must build to one script: remove its dynamic imports.");
  return { code: entry.code, inputs: Object.keys(entry.modules).filter((m) => !m.startsWith("\0")) };
}
