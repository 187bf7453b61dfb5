/**
 * The write tool, as pi's `dist/core/tools/write.js` behaves: parents created, content written
 * exactly as given (no BOM or line-ending handling), inside the per-file mutation queue. pi 0.73.1
 * answers `Successfully wrote N bytes to PATH`, N being the string's length in UTF-16 units ("héllo" is
 * 5); pi 1.6.0 answers `Successfully wrote to PATH` (the profile's `write.successText`).
 *
 * Deviations from pi: the queue is an instance from the options (or the default one) and its key comes
 * from the backend's optional realpath; operations are required.
 */
import { type Static, Type } from "typebox";
import { type FileMutationQueue, fileMutationKey } from "../file-mutation-queue";
import { dirnamePath, resolveToCwd } from "../path-utils";
import { type PiToolProfile, TOOLS_0_73_1, type WriteProfile } from "../versions/tools";
import { runAbortable } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

export const writeSchema = Type.Object({
  path: Type.String({
    description: "Path of the file to write, relative to the working directory or absolute",
  }),
  content: Type.String({ description: "The complete new content of the file" }),
});

type WriteToolInput = Static<typeof writeSchema>;

export type WriteToolDetails = undefined;

export interface WriteOperations {
  /** Writes UTF-8 text, replacing the file. */
  writeFile(absolutePath: string, content: string): Promise<void>;
  /** Creates a directory and its parents; succeeds when it exists already. */
  mkdir(absolutePath: string): Promise<void>;
  /** The file's real path, for the mutation queue's key (the resolved path is used when absent or failing). */
  realpath?(absolutePath: string): Promise<string>;
}

export interface WriteToolOptions {
  operations: WriteOperations;
  /** Serialises writes and edits per file: the session's one, shared by its write and edit (no global default). */
  mutationQueue: FileMutationQueue;
  homeDir?: string;
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

const DESCRIPTION =
  "Write a file: creates it, or replaces everything in it, with the content given. Missing parent directories are created. For changes to part of an existing file, edit is the better tool.";

export function createWriteToolDefinition(
  cwd: string,
  options: WriteToolOptions,
): ToolDefinition<typeof writeSchema, WriteToolDetails> {
  const ops = options.operations;
  const queue = options.mutationQueue;
  const profile = options.profile ?? TOOLS_0_73_1;
  const done = (path: string, content: string) => result(profile.write, path, content);
  return {
    name: "write",
    label: "write",
    description: DESCRIPTION,
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write only for new files or complete rewrites."],
    parameters: writeSchema,
    execute: (toolCallId, { path, content }: WriteToolInput, signal, _onUpdate, ctx) =>
      runAbortable(signal, async (isAborted) => {
        const absolutePath = resolveToCwd(path, (profile.perCallCwd && ctx?.cwd) || cwd, options.homeDir);
        const key = await fileMutationKey(absolutePath, ops.realpath);
        return queue.run(
          key,
          async () => {
            if (isAborted()) return done(path, content);
            await ops.mkdir(dirnamePath(absolutePath));
            if (isAborted()) return done(path, content);
            await ops.writeFile(absolutePath, content);
            return done(path, content);
          },
          toolCallId,
        );
      }),
  };
}

function result(knobs: WriteProfile, path: string, content: string) {
  const text =
    knobs.successText === "plain"
      ? `Successfully wrote to ${path}`
      : `Successfully wrote ${content.length} bytes to ${path}`;
  return { content: [{ type: "text" as const, text }], details: undefined };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createWriteTool(
  cwd: string,
  options: WriteToolOptions,
): AgentTool<typeof writeSchema, WriteToolDetails> {
  return wrapToolDefinition(createWriteToolDefinition(cwd, options));
}
