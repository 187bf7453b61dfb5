/**
 * `BashOperations` on just-bash over the workspace's memfs volume (pi 0.73.1 `createLocalBashOperations`
 * in `dist/core/tools/bash.js` is the model: same rejections, same cwd check).
 *
 * Deviations from pi, all forced by the engine:
 * - No streaming: just-bash hands over stdout and stderr when the command ends, so `onData` is called
 *   then. `streamsOutput` is false.
 * - Order of stdout and stderr: kept between top-level commands (interleave.ts), lost inside one
 *   (`for …; do ls nope; echo b; done` gives `b … ls: …`, GNU bash `ls: … b …`), and lost for scripts
 *   with a here-document.
 * - Abort and timeout: the engine checks the signal between statements and in `sleep`, and drops the
 *   whole script's stdout when interrupted (so "Command aborted" has no output before it, where pi shows
 *   what was printed so far). The one stdout it does hand back then is a leak: when its deadline fires just
 *   as a command substitution finishes, the substitution's captured text (`x=$(printf …)`) comes back as
 *   the script's output. We drop stdout on interruption, so that text never shows. A timeout is
 *   also the engine's execution deadline, which stops even a loop that never yields. A CPU-bound loop
 *   cannot see an abort until it yields or hits a limit (about 0.5–1 s for `while true; do :; done`);
 *   the session worker is ended for that case.
 * - Output that is not UTF-8 comes back from just-bash as one char per byte and is re-encoded as UTF-8,
 *   where pi would show U+FFFD for the raw bytes.
 */

import { encodeOutputText, type OutputLogOperations } from "@core/output-accumulator";
import type { BashExecOptions, BashOperations } from "@core/tools/bash";
import { asMemfsBuffer } from "../stored-bytes";
import type { MemfsWorkspace } from "../workspace";
import {
  BASH_TEMP_DIR,
  type BashEngine,
  type BashEngineOptions,
  createBashEngine,
  DEFAULT_BASH_ENV,
  loadJustBash,
} from "./engine";
import { interleaveScript } from "./interleave";
import { plainLimitMessages } from "./limits";

/** just-bash cannot stream: output arrives when the command ends. */
export const BASH_STREAMS_OUTPUT = false;
/** How long an aborted command may take to settle before exec rejects anyway. */
export const ABORT_GRACE_MS = 100;

export interface MemfsBashOperations extends BashOperations, OutputLogOperations {
  readonly streamsOutput: boolean;
  /** Fetches the engine and builds the layout now (e.g. in the background after start-up). */
  preload(): Promise<void>;
}

export function createMemfsBashOperations(
  workspace: MemfsWorkspace,
  options: BashEngineOptions = {},
): MemfsBashOperations {
  let engine: Promise<BashEngine> | undefined;
  const getEngine = () => {
    engine ??= createBashEngine(workspace, options);
    return engine;
  };
  const { fs } = workspace;

  return {
    streamsOutput: BASH_STREAMS_OUTPUT,
    tempDir: BASH_TEMP_DIR,

    async preload() {
      await loadJustBash();
      await getEngine();
    },

    appendFile(path, data) {
      const parent = path.slice(0, path.lastIndexOf("/")) || "/";
      if (!fs.existsSync(parent)) fs.mkdirSync(parent, { recursive: true });
      fs.appendFileSync(path, asMemfsBuffer(workspace, data));
    },

    async exec(command, cwd, { onData, signal, timeout, env }: BashExecOptions) {
      // The first call waits for the engine's chunk (about a second in a browser): an abort must not wait
      // for it too, or the page would have to replace the worker and the next call load it all again.
      const ready = await untilAborted(getEngine(), signal);
      if (!isDirectory(workspace, cwd))
        throw new Error(`Working directory does not exist: ${cwd}\nCannot execute bash commands.`);
      if (signal?.aborted) throw new Error("aborted");

      const timeoutMs = timeout !== undefined && timeout > 0 ? timeout * 1000 : undefined;
      const stop = new AbortController();
      let timedOut = false;
      const onAbort = () => stop.abort();
      signal?.addEventListener("abort", onAbort, { once: true });
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              timedOut = true;
              stop.abort();
            }, timeoutMs);
      const started = Date.now();
      try {
        const shell = ready.shell(cwd, { ...DEFAULT_BASH_ENV, ...env }, timeoutMs);
        const run = shell.exec(interleaveScript(shell, ready.parser, command), { signal: stop.signal }).then(
          (r) => ({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }),
          // An engine error that escaped exec() (pitfall 2 of docs/bash-engine.md §1.3 was one): report it as
          // a shell would.
          (error: unknown) => ({ stdout: "", stderr: `bash: ${messageOf(error)}\n`, exitCode: 1 }),
        );
        const result = await settleOrGiveUp(run, stop.signal);
        const interrupted = signal?.aborted || timedOut || isDeadline(result, timeoutMs, started);
        if (result) {
          // 126 is the engine's exit code for a crossed execution limit (limits.ts words its message, which
          // some limits put on stdout: the interleaving of top-level commands carries it there)
          const limit = !interrupted && result.exitCode === 126 ? plainLimitMessages : (text: string) => text;
          const stderr = limit(interrupted ? dropEngineNotice(result.stderr) : result.stderr);
          // Interrupted, the engine's stdout is only ever a command substitution's leaked capture (header).
          const stdout = limit(interrupted ? "" : result.stdout);
          // Encoded with the text attached: the bash tool's accumulator then skips decoding it again.
          if (stdout) onData(encodeOutputText(stdout));
          if (stderr) onData(encodeOutputText(stderr));
        }
        if (signal?.aborted) throw new Error("aborted");
        if (interrupted) throw new Error(`timeout:${timeout}`);
        return { exitCode: result ? result.exitCode : null };
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      }
    },
  };
}

type RunResult = { stdout: string; stderr: string; exitCode: number };

/** The run's result, or undefined when it has not settled ABORT_GRACE_MS after an abort. */
function settleOrGiveUp(run: Promise<RunResult>, stop: AbortSignal): Promise<RunResult | undefined> {
  return new Promise((resolve) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      grace = setTimeout(() => resolve(undefined), ABORT_GRACE_MS);
    };
    if (stop.aborted) giveUp();
    else stop.addEventListener("abort", giveUp, { once: true });
    run.then((result) => {
      if (grace !== undefined) clearTimeout(grace);
      stop.removeEventListener("abort", giveUp);
      resolve(result);
    });
  });
}

/** `work`, or a rejection with pi's "aborted" as soon as `signal` fires (the work is left to finish). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new Error("aborted"));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The engine's own deadline (the timeout) ended the run before our timer could fire. */
function isDeadline(result: RunResult | undefined, timeoutMs: number | undefined, started: number): boolean {
  return timeoutMs !== undefined && result?.exitCode === 124 && Date.now() - started >= timeoutMs;
}

// The engine's last stderr line on abort or deadline ("bash: execution aborted", "… execution deadline …");
// pi shows its own status line instead.
const ENGINE_NOTICE = /(^|\n)bash: [^\n]*(execution aborted|execution deadline)[^\n]*\n?$/;

function dropEngineNotice(stderr: string): string {
  return stderr.replace(ENGINE_NOTICE, "$1");
}

function isDirectory(workspace: MemfsWorkspace, path: string): boolean {
  try {
    return workspace.fs.statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
