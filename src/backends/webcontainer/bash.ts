/**
 * bash in a WebContainer: `jsh -c <command>` (StackBlitz's shell, not GNU bash) in the container.
 *
 * - Output streams: each chunk of the process's output (stdout and stderr merged, as a terminal shows
 *   them) goes to `onData` as it arrives, so the tool's updates show a long command's progress.
 * - The container's output is terminal-style: line ends arrive as `\r\n` and are given back as `\n`.
 * - Abort and timeout kill the process (`kill()` has no signal choice) and reject with pi's texts
 *   (`aborted`, `timeout:<secs>`); what was printed before stays in the tool's result, as in pi.
 * - The process's cwd is relative to the container's workdir, as spawn wants it.
 * - bash's full-output logs are written outside the workspace (ContainerFs's local volume), where the
 *   tree and snapshots do not see them and `read` still opens them.
 */
import { encodeOutputText, type OutputLogOperations } from "@core/output-accumulator";
import type { BashExecOptions, BashOperations } from "@core/tools/bash";
import type { ContainerFs } from "./container-fs";

export const WEBCONTAINER_TEMP_DIR = "/tmp";

export interface WebContainerBashOperations extends BashOperations, OutputLogOperations {}

export function createWebContainerBashOperations(cfs: ContainerFs): WebContainerBashOperations {
  return {
    streamsOutput: true,
    tempDir: WEBCONTAINER_TEMP_DIR,

    appendFile(path, data) {
      const parent = path.slice(0, path.lastIndexOf("/")) || "/";
      if (!cfs.outside.existsSync(parent)) cfs.outside.mkdirSync(parent, { recursive: true });
      cfs.outside.appendFileSync(path, data);
    },

    async exec(command, cwd, { onData, signal, timeout, env }: BashExecOptions) {
      if (signal?.aborted) throw new Error("aborted");
      const rel = cfs.relative(cwd);
      if (rel === undefined || (await cfs.kind(cwd)) !== "directory")
        throw new Error(`Working directory does not exist: ${cwd}\nCannot execute bash commands.`);
      const process = await cfs.container.spawn("jsh", ["-c", command], {
        cwd: rel,
        ...(env ? { env } : {}),
        terminal: { cols: 200, rows: 50 },
      });
      let stopped: "aborted" | "timeout" | undefined;
      let wake: () => void = () => {};
      const stoppedNow = new Promise<undefined>((resolve) => {
        wake = () => resolve(undefined);
      });
      const stop = (why: "aborted" | "timeout") => {
        if (stopped) return;
        stopped = why;
        process.kill();
        wake();
      };
      const onAbort = () => stop("aborted");
      signal?.addEventListener("abort", onAbort, { once: true });
      const timer =
        timeout !== undefined && timeout > 0 ? setTimeout(() => stop("timeout"), timeout * 1000) : undefined;
      const reader = process.output.getReader();
      const pump = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) return;
          if (value) onData(encodeOutputText(value.replace(/\r\n/g, "\n")));
        }
      })().catch(() => {});
      try {
        // A killed process's stream may never close, so a stop ends the wait as well as the exit does.
        const exitCode = await Promise.race([process.exit, stoppedNow]);
        if (!stopped) await Promise.race([pump, stoppedNow]);
        if (stopped === "aborted") throw new Error("aborted");
        if (stopped === "timeout") throw new Error(`timeout:${timeout}`);
        return { exitCode: exitCode ?? null };
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (stopped) reader.cancel().catch(() => {});
      }
    },
  };
}
