/**
 * The bash tool, as pi 0.73.1's `dist/core/tools/bash.js` behaves (docs/pi-contract.md §2.2): stdout and
 * stderr merged, the tail kept (2000 lines / 50 KB) with pi's notices, the full output spilled to a log, a
 * non-zero exit thrown as `<output>\n\nCommand exited with code N`, timeouts in seconds, abort,
 * `commandPrefix`, an immediate empty update and then snapshots at most every 100 ms.
 *
 * Deviations from pi:
 * - No default operations: `operations` and `logOperations` are required (there is no local shell and no
 *   OS temp folder in a browser). The log goes to `logOperations.tempDir` (memfs: the volume's /tmp).
 * - No `shellPath` (the engine is the operations' business) and no `getShellEnv()`: the environment is
 *   `options.env` (undefined lets the operations choose), still passed through `spawnHook`.
 * - `BashOperations.streamsOutput`: an engine that only hands over its output when the command ends says
 *   `false`; the tool then sends elapsed-time updates (`details.elapsedMs`, every second) so a UI can say
 *   why nothing appears yet. pi's updates never carry `elapsedMs`.
 * - The description is the project's own words; the prompt snippet is pi's.
 */
import { type Static, Type } from "typebox";
import { OutputAccumulator, type OutputLogOperations, type OutputSnapshot } from "../output-accumulator";
import { UpdateThrottle } from "../output-updates";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, type TruncationResult } from "../truncate";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, AgentToolResult, ToolDefinition } from "./types";

export type { OutputLogOperations } from "../output-accumulator";

export const bashSchema = Type.Object({
  command: Type.String({ description: "The bash command (or script) to run" }),
  timeout: Type.Optional(
    Type.Number({ description: "Seconds after which the command is stopped (optional; none by default)" }),
  ),
});

export type BashToolInput = Static<typeof bashSchema>;

export interface BashToolDetails {
  /** Present when the output was cut; totals refer to the whole output. */
  truncation?: TruncationResult;
  /** The log holding every byte of the output, once it passed a limit. */
  fullOutputPath?: string;
  /** Only on updates from an engine that cannot stream: milliseconds since the command started. */
  elapsedMs?: number;
}

export interface BashExecOptions {
  /** Receives stdout and stderr bytes, interleaved and unlabelled. */
  onData: (data: Uint8Array) => void;
  signal?: AbortSignal;
  /** Seconds; applied only when > 0. */
  timeout?: number;
  env?: Record<string, string>;
}

export interface BashOperations {
  /**
   * Runs `command` in `cwd`. Rejects with `Error("aborted")` on abort and `Error("timeout:<secs>")` on
   * timeout (the tool matches these texts); rejects with
   * `Working directory does not exist: <cwd>\nCannot execute bash commands.` when cwd is missing.
   */
  exec(command: string, cwd: string, options: BashExecOptions): Promise<{ exitCode: number | null }>;
  /** False when output arrives only as the command ends (the tool then sends elapsed-time updates). */
  readonly streamsOutput?: boolean;
}

export interface BashSpawnContext {
  command: string;
  cwd: string;
  env?: Record<string, string>;
}

export interface BashToolOptions {
  operations: BashOperations;
  /** Where the full-output log is written. */
  logOperations: OutputLogOperations;
  /** Run before every command, joined to it with a newline (pi's `shellCommandPrefix` setting). */
  commandPrefix?: string;
  /** Rewrites command, cwd or env just before exec. */
  spawnHook?: (context: BashSpawnContext) => BashSpawnContext;
  /** The command's environment; undefined lets the operations use their own. */
  env?: Record<string, string>;
}

/** pi throttles output snapshots to one per 100 ms. */
export const BASH_UPDATE_THROTTLE_MS = 100;
/** How often a non-streaming engine's call reports that it is still running. */
export const BASH_ELAPSED_UPDATE_MS = 1000;

type BashResult = AgentToolResult<BashToolDetails | undefined>;

const DESCRIPTION =
  `Run a bash command in the working directory and get back its stdout and stderr together. ` +
  `Long output keeps only its end: the last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, ` +
  `whichever comes first, and the whole output is then saved to a log file whose path is shown. ` +
  `An optional timeout, in seconds, stops the command.`;

export function createBashToolDefinition(
  cwd: string,
  options: BashToolOptions,
): ToolDefinition<typeof bashSchema, BashToolDetails | undefined> {
  const { operations, logOperations, commandPrefix, spawnHook } = options;
  return {
    name: "bash",
    label: "bash",
    description: DESCRIPTION,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    parameters: bashSchema,
    async execute(_toolCallId, { command, timeout }, signal, onUpdate): Promise<BashResult> {
      const full = commandPrefix ? `${commandPrefix}\n${command}` : command;
      const base: BashSpawnContext = {
        command: full,
        cwd,
        env: options.env ? { ...options.env } : undefined,
      };
      const spawn = spawnHook ? spawnHook(base) : base;
      const output = new OutputAccumulator({ tempFilePrefix: "pi-bash", logOperations });
      const updates = new UpdateThrottle(output, onUpdate, BASH_UPDATE_THROTTLE_MS);
      const startedAt = Date.now();
      const ticker =
        onUpdate && operations.streamsOutput === false
          ? setInterval(() => updates.elapsed(Date.now() - startedAt), BASH_ELAPSED_UPDATE_MS)
          : undefined;
      onUpdate?.({ content: [], details: undefined });

      const finish = async (): Promise<OutputSnapshot> => {
        output.finish();
        updates.flush();
        const snapshot = output.snapshot({ persistIfTruncated: true });
        await output.close();
        return snapshot;
      };

      try {
        let exitCode: number | null;
        try {
          const result = await operations.exec(spawn.command, spawn.cwd, {
            onData: (data) => {
              output.append(data);
              updates.schedule();
            },
            signal,
            timeout,
            env: spawn.env,
          });
          exitCode = result.exitCode;
        } catch (error) {
          const { text } = format(await finish(), output, "");
          if (error instanceof Error && error.message === "aborted")
            throw new Error(withStatus(text, "Command aborted"));
          if (error instanceof Error && error.message.startsWith("timeout:")) {
            const secs = error.message.slice("timeout:".length);
            throw new Error(withStatus(text, `Command timed out after ${secs} seconds`));
          }
          throw error;
        }
        const { text, details } = format(await finish(), output, "(no output)");
        if (exitCode !== 0 && exitCode !== null)
          throw new Error(withStatus(text, `Command exited with code ${exitCode}`));
        return { content: [{ type: "text", text }], details };
      } finally {
        updates.cancel();
        if (ticker !== undefined) clearInterval(ticker);
      }
    },
  };
}

export function createBashTool(
  cwd: string,
  options: BashToolOptions,
): AgentTool<typeof bashSchema, BashToolDetails | undefined> {
  return wrapToolDefinition(createBashToolDefinition(cwd, options));
}

function withStatus(text: string, status: string): string {
  return text ? `${text}\n\n${status}` : status;
}

/** The tail plus pi's notice when it was cut; details only then. */
function format(
  snapshot: OutputSnapshot,
  output: OutputAccumulator,
  emptyText: string,
): { text: string; details: BashToolDetails | undefined } {
  const { truncation, fullOutputPath } = snapshot;
  let text = snapshot.content || emptyText;
  if (!truncation.truncated) return { text, details: undefined };
  const end = truncation.totalLines;
  const start = end - truncation.outputLines + 1;
  if (truncation.lastLinePartial) {
    const kept = formatSize(truncation.outputBytes);
    const line = formatSize(output.getLastLineBytes());
    text += `\n\n[Showing last ${kept} of line ${end} (line is ${line}). Full output: ${fullOutputPath}]`;
  } else if (truncation.truncatedBy === "lines") {
    text += `\n\n[Showing lines ${start}-${end} of ${end}. Full output: ${fullOutputPath}]`;
  } else {
    const limit = formatSize(DEFAULT_MAX_BYTES);
    text += `\n\n[Showing lines ${start}-${end} of ${end} (${limit} limit). Full output: ${fullOutputPath}]`;
  }
  return { text, details: { truncation, fullOutputPath } };
}
