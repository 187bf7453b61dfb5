/**
 * One small scenario per row of the compromise table: extra files, the calls (one batch per step, so
 * two calls in a step run in parallel), an optional abort, and the files to look at afterwards. Each runs
 * once with pi's handlers and once with mini-pi's (run-demo.ts). The calls are what a model would send.
 */
import type { ScenarioFiles } from "@agent/scenario";
import type { CompromiseId } from "@core/tools/mini-pi/compromises";

export interface DemoStep {
  calls: { tool: string; args: Record<string, unknown> }[];
  /** press Esc this many milliseconds after the step starts */
  abortAfterMs?: number;
}

export interface DemoScript {
  files?: ScenarioFiles;
  steps: DemoStep[];
  /** paths (workspace-relative or absolute) whose content is shown after the run */
  watch?: string[];
}

// A 1×1 PNG: small enough that pi sends it as it is.
const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const numbered = (n: number, width = 0) =>
  Array.from({ length: n }, (_, i) => `line ${String(i + 1).padStart(width, "0")}`).join("\n");

const one = (tool: string, args: Record<string, unknown>): DemoStep => ({ calls: [{ tool, args }] });

export const DEMOS: Record<CompromiseId, DemoScript> = {
  images: { files: { "pixel.png": { base64: PIXEL_PNG } }, steps: [one("read", { path: "pixel.png" })] },
  offsetLimit: {
    files: { "ten-lines.txt": `${numbered(10)}\n` },
    steps: [one("read", { path: "ten-lines.txt", offset: 4, limit: 2 })],
  },
  truncationNotice: {
    // 3,000 lines of 20 characters: past pi's 2,000 lines and past mini-pi's 50,000 characters.
    files: { "long.txt": `${numbered(3000, 5).replace(/line (\d+)/g, "log line #$1: ok")}\n` },
    steps: [one("read", { path: "long.txt" })],
  },
  symlinks: {
    files: { "etc-link": { symlink: "/etc" } },
    steps: [one("read", { path: "/etc/passwd" }), one("read", { path: "etc-link/passwd" })],
  },
  async: { steps: [one("bash", { command: "sleep 1.2; echo done" })] },
  mutationQueue: {
    files: { "config.txt": "port=3000\nmode=dev\n" },
    steps: [
      {
        calls: [
          {
            tool: "edit",
            args: { path: "config.txt", edits: [{ oldText: "port=3000", newText: "port=8080" }] },
          },
          {
            tool: "edit",
            args: { path: "config.txt", edits: [{ oldText: "mode=dev", newText: "mode=prod" }] },
          },
        ],
      },
    ],
    watch: ["config.txt"],
  },
  abortSignal: { steps: [{ ...one("bash", { command: "sleep 2; echo finished" }), abortAfterMs: 300 }] },
  cwdCheck: {
    steps: [
      one("read", { path: "/etc/passwd" }),
      one("write", { path: "/etc/evil.txt", content: "pwned\n" }),
    ],
    watch: ["/etc/evil.txt"],
  },
  blacklist: {
    files: { "/tmp/cache/data.txt": "cached\n" },
    steps: [one("bash", { command: "rm -rf /tmp/cache" })],
    watch: ["/tmp/cache/data.txt"],
  },
  defaultTimeout: {
    steps: [
      one("bash", { command: "echo no timeout given" }),
      one("bash", { command: "echo five", timeout: 5 }),
    ],
  },
  truncationDirection: {
    // About 59,000 characters, then the error a developer would need: past both handlers' limits.
    steps: [one("bash", { command: 'seq 1 12000; echo "Error: disk full" >&2; exit 1' })],
  },
  handlerSignature: {
    files: { "greeting.txt": "hello world\n" },
    steps: [
      one("edit", { path: "greeting.txt", edits: [{ oldText: "hello", newText: "goodbye" }] }),
      one("bash", { command: "ls missing-folder" }),
    ],
  },
};
