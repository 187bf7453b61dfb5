/**
 * The bash tool, as pi's `dist/core/tools/bash.js` behaves (docs/pi-contract.md §2.2): stdout and
 * stderr merged, the tail kept (2000 lines / 50 KB) with pi's notices, the full output spilled to a log,
 * timeouts in seconds, abort, `commandPrefix`, an immediate empty update and then snapshots at most every
 * 100 ms. A non-zero exit gives `<output>\n\nCommand exited with code N`: thrown (pi 0.73.1), or returned
 * with `isError: true` and `structuredContent` (pi 1.6.0). The version's differences come from its
 * profile's `bash` part (docs/pi-versions.md).
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
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, AgentToolResult, ToolDefinition } from "./types";

export type { OutputLogOperations } from "../output-accumulator";

function makeBashSchema(commandDescription: string) {
  return Type.Object({
    command: Type.String({ description: commandDescription }),
    timeout: Type.Optional(
      Type.Number({ description: "Seconds after which the command is stopped (optional; none by default)" }),
    ),
  });
}

export const bashSchema = makeBashSchema(TOOLS_0_73_1.bash.commandDescription);

type BashToolInput = Static<typeof bashSchema>;

/** pi 1.6.0's `structuredContent` for bash: the output for programmatic callers, not the model. */
export interface BashStructuredContent {
  /** Stdout and stderr, whole up to 1 MB, else its first and last 512 KB around an omission marker. */
  output: string;
  truncated: boolean;
  /** The log with every byte, when `output` was cut. */
  full_output_path?: string;
  exit_code: number;
  /** Rounded to a tenth of a second. */
  wall_time_seconds: number;
}

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
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

/**
 * What an engine may attach to its `timeout:<secs>` error when the shell itself had exited before the
 * deadline and only processes it started kept the output open (pi 1.6.0 then says so).
 */
export interface ShellExitBeforeTimeout {
  exitCode: number;
  afterSeconds: number;
}

/** Longest timeout a timer can take, in ms (pi 1.6.0 refuses longer ones). */
const MAX_TIMEOUT_MS = 2_147_483_647;
/** How much output `structuredContent.output` holds whole (pi 1.6.0). */
export const STRUCTURED_OUTPUT_MAX_BYTES = 1024 * 1024;

/** pi 1.6.0's check of `timeout`, with its texts. */
export function checkTimeout(timeout: number | undefined): void {
  if (timeout === undefined) return;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new Error("Invalid timeout: must be a finite number of seconds");
  if (timeout * 1000 > MAX_TIMEOUT_MS)
    throw new Error(`Invalid timeout: maximum is ${MAX_TIMEOUT_MS / 1000} seconds`);
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

const schemas = new Map<string, typeof bashSchema>([[TOOLS_0_73_1.bash.commandDescription, bashSchema]]);

/** One schema object per description, so validators compiled per schema are reused. */
function schemaFor(profile: PiToolProfile): typeof bashSchema {
  const text = profile.bash.commandDescription;
  let schema = schemas.get(text);
  if (!schema) {
    schema = makeBashSchema(text);
    schemas.set(text, schema);
  }
  return schema;
}

export function createBashToolDefinition(
  cwd: string,
  options: BashToolOptions,
): ToolDefinition<typeof bashSchema, BashToolDetails | undefined> {
  const { operations, logOperations, commandPrefix, spawnHook } = options;
  const profile = options.profile ?? TOOLS_0_73_1;
  const knobs = profile.bash;
  return {
    name: "bash",
    label: "bash",
    description: DESCRIPTION,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    parameters: schemaFor(profile),
    async execute(
      _toolCallId,
      { command, timeout }: BashToolInput,
      signal,
      onUpdate,
      ctx,
    ): Promise<BashResult> {
      const full = commandPrefix ? `${commandPrefix}\n${command}` : command;
      const base: BashSpawnContext = {
        command: full,
        cwd: (profile.perCallCwd && ctx?.cwd) || cwd,
        env: options.env ? { ...options.env } : undefined,
      };
      const spawn = spawnHook ? spawnHook(base) : base;
      const output = new OutputAccumulator({
        tempFilePrefix: "pi-bash",
        logOperations,
        lineCounting: profile.lineCounting,
        fullOutputBytes: knobs.structuredContent ? STRUCTURED_OUTPUT_MAX_BYTES : undefined,
      });
      const updates = new UpdateThrottle(output, onUpdate, BASH_UPDATE_THROTTLE_MS);
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

      const startedAt = Date.now();
      try {
        let exitCode: number | null;
        try {
          if (knobs.validateTimeout) checkTimeout(timeout);
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
            let status = `Command timed out after ${secs} seconds`;
            const shellExit = (error as { shellExit?: ShellExitBeforeTimeout }).shellExit;
            if (knobs.timeoutNamesShellExit && shellExit)
              status += `. The shell exited with code ${shellExit.exitCode} after ${shellExit.afterSeconds} seconds, but background processes it started kept writing output until the timeout.`;
            throw new Error(withStatus(text, status));
          }
          throw error;
        }
        const snapshot = await finish();
        const { text, details } = format(snapshot, output, "(no output)");
        if (exitCode === null) {
          if (knobs.missingExitCode === "error")
            throw new Error(withStatus(text, "Command terminated without an exit code"));
          return { content: [{ type: "text", text }], details };
        }
        if (exitCode !== 0 && knobs.nonZeroExit === "throw")
          throw new Error(withStatus(text, `Command exited with code ${exitCode}`));
        const result: BashResult =
          exitCode === 0
            ? { content: [{ type: "text", text }], details }
            : {
                content: [{ type: "text", text: withStatus(text, `Command exited with code ${exitCode}`) }],
                details,
                isError: true,
              };
        if (knobs.structuredContent) {
          const whole = output.fullOutput();
          const structured: BashStructuredContent = {
            output: whole.content,
            truncated: whole.truncated,
            ...(whole.truncated && snapshot.fullOutputPath
              ? { full_output_path: snapshot.fullOutputPath }
              : {}),
            exit_code: exitCode,
            wall_time_seconds: Math.round((Date.now() - startedAt) / 100) / 10,
          };
          result.structuredContent = structured;
        }
        return result;
      } finally {
        updates.cancel();
        if (ticker !== undefined) clearInterval(ticker);
      }
    },
  };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
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
