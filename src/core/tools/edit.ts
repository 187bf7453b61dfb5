/**
 * The edit tool, as pi's `dist/core/tools/edit.js` behaves: several exact replacements matched
 * against the original, the fuzzy fallback, BOM kept, the numbered diff in details, all inside the
 * per-file mutation queue. `prepareArguments` accepts a stringified `edits` (parsed in place, as pi
 * does) and the legacy top-level `oldText`/`newText`.
 *
 * Per version (the profile's `edit` part): pi 0.73.1 writes the whole file in fuzzy form after a fuzzy
 * match and gives every line the first ending seen; pi 1.6.0 rewrites only the touched lines, keeps
 * untouched bytes, adds `details.patch`, accepts extra keys and a lone edit object
 * (./edit-touched-lines.ts).
 *
 * Deviations from pi: the queue is an instance from the options and its key comes from the backend's
 * optional realpath; operations are required and read Uint8Array.
 */
import { type Static, Type } from "typebox";
import { decodeUtf8, decodeUtf8Strict, spliceUtf8 } from "../bytes";
import { type FileMutationQueue, fileMutationKey } from "../file-mutation-queue";
import { resolveToCwd } from "../path-utils";
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { runAbortable } from "./abortable";
import {
  applyEditsToNormalizedContent,
  detectLineEnding,
  generateDiffForChange,
  normalizeToLF,
  restoreLineEndings,
  stripBom,
} from "./edit-diff";
import {
  applyEditsTouchedLines,
  applyReplacementsToOriginal,
  generateTouchedLinesDiff,
} from "./edit-touched-lines";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

/** The schema; `closed` refuses keys besides the listed ones (pi 0.73.1), open accepts them (pi 1.6.0). */
function makeEditSchema(closed: boolean) {
  const options = closed ? { additionalProperties: false } : {};
  const replacementSchema = Type.Object(
    {
      oldText: Type.String({
        description:
          "Text to replace, exactly as it is in the file; unique in the original and not overlapping another edit",
      }),
      newText: Type.String({ description: "The text to put in its place" }),
    },
    options,
  );
  return Type.Object(
    {
      path: Type.String({
        description: "Path of the file to edit, relative to the working directory or absolute",
      }),
      edits: Type.Array(replacementSchema, {
        description:
          "One or more replacements, each matched against the original file (not after earlier edits). They must not overlap or nest; merge nearby changes into one edit.",
      }),
    },
    options,
  );
}

export const editSchema = makeEditSchema(true);
/** pi 1.6.0's: the same without `additionalProperties: false`. */
export const openEditSchema = makeEditSchema(false);

export type EditToolInput = Static<typeof editSchema>;

export interface EditToolDetails {
  /** Numbered diff of the change (LF; in 0.73.1 of the fuzzy-normalised base if the fallback ran). */
  diff: string;
  /** Unified patch of the change (pi 1.6.0). */
  patch?: string;
  /** Line of the first change in the new file. */
  firstChangedLine?: number;
}

export interface EditOperations {
  readFile(absolutePath: string): Promise<Uint8Array>;
  /** Writes UTF-8 text, replacing the file. */
  writeFile(absolutePath: string, content: string): Promise<void>;
  /**
   * Writes bytes, replacing the file (ours, not pi's: optional). With it, an edit of a well-formed UTF-8
   * file with LF endings writes the old bytes around the encoded new texts instead of encoding the whole
   * file again; the bytes written are the same.
   */
  writeBytes?(absolutePath: string, content: Uint8Array): Promise<void>;
  /** Resolves when the file can be read and written; a rejection's `code` goes into pi's message. */
  access(absolutePath: string): Promise<void>;
  /** The file's real path, for the mutation queue's key (the resolved path is used when absent or failing). */
  realpath?(absolutePath: string): Promise<string>;
}

export interface EditToolOptions {
  operations: EditOperations;
  /** Serialises writes and edits per file: the session's one, shared by its write and edit (no global default). */
  mutationQueue: FileMutationQueue;
  homeDir?: string;
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

const DESCRIPTION =
  "Edit one file by exact text replacement. Give one or more edits; each oldText must match a unique region of the original file, and the regions must not overlap. Merge changes that are close together into one edit, and keep each oldText short: just enough to be unique.";

function isLoneEdit(value: unknown): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const edit = value as Record<string, unknown>;
  return typeof edit.oldText === "string" && typeof edit.newText === "string";
}

/**
 * Models stringify `edits` or send the old single-edit shape; both become `edits[]` before validation.
 * With `wrapLoneEdit` (pi 1.6.0) a lone edit object, or that object as JSON text, becomes a one-entry array.
 */
export function prepareEditArguments(args: unknown, wrapLoneEdit = false): EditToolInput {
  if (!args || typeof args !== "object") return args as EditToolInput;
  const input = args as Record<string, unknown>;
  if (typeof input.edits === "string") {
    try {
      const parsed: unknown = JSON.parse(input.edits);
      if (Array.isArray(parsed)) input.edits = parsed;
      else if (wrapLoneEdit && isLoneEdit(parsed)) input.edits = [parsed];
    } catch {
      // Left as is: validation reports it.
    }
  } else if (wrapLoneEdit && isLoneEdit(input.edits)) input.edits = [input.edits];
  if (typeof input.oldText === "string" && typeof input.newText === "string") {
    const { oldText, newText, ...rest } = input;
    const edits = Array.isArray(input.edits) ? [...input.edits] : [];
    edits.push({ oldText, newText });
    return { ...rest, edits } as EditToolInput;
  }
  return input as EditToolInput;
}

function accessError(path: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(
    code
      ? `Could not edit file: ${path}. Error code: ${String(code)}.`
      : `Could not edit file: ${path}. ${String(error)}.`,
  );
}

export function createEditToolDefinition(
  cwd: string,
  options: EditToolOptions,
): ToolDefinition<typeof editSchema, EditToolDetails | undefined> {
  const ops = options.operations;
  const queue = options.mutationQueue;
  const profile = options.profile ?? TOOLS_0_73_1;
  const knobs = profile.edit;
  const touchedLines = knobs.fuzzyRewrite === "touched-lines";
  return {
    name: "edit",
    label: "edit",
    description: DESCRIPTION,
    promptSnippet:
      "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [...knobs.promptGuidelines],
    parameters: knobs.closedSchema ? editSchema : openEditSchema,
    prepareArguments: knobs.wrapLoneEdit ? (args) => prepareEditArguments(args, true) : prepareEditArguments,
    execute: (toolCallId, { path, edits }, signal, _onUpdate, ctx) =>
      runAbortable(signal, async (isAborted) => {
        if (!Array.isArray(edits) || edits.length === 0) {
          throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
        }
        const absolutePath = resolveToCwd(path, (profile.perCallCwd && ctx?.cwd) || cwd, options.homeDir);
        const key = await fileMutationKey(absolutePath, ops.realpath);
        return queue.run(
          key,
          async () => {
            try {
              await ops.access(absolutePath);
            } catch (error) {
              throw accessError(path, error);
            }
            if (isAborted()) return undefined as never;
            // The stored bytes may be a view of the file: used (decoded, spliced) before the write below.
            // Decoded as pi's Buffer#toString does, BOM kept; edit strips and restores it itself.
            const raw = await ops.readFile(absolutePath);
            const wellFormed = ops.writeBytes ? decodeUtf8Strict(raw) : undefined;
            const { bom, text } = stripBom(wellFormed ?? decodeUtf8(raw));
            if (touchedLines) {
              const normalized = normalizeToLF(text);
              const { newContent, replacements } = applyEditsTouchedLines(normalized, edits, path);
              const details = generateTouchedLinesDiff(path, normalized, newContent, replacements);
              if (isAborted()) return undefined as never;
              // Without a CR the original is the LF text, so the new text is final.
              const noCr = normalized === text;
              const spliced =
                ops.writeBytes && wellFormed !== undefined && noCr
                  ? spliceUtf8(
                      raw,
                      bom ? 3 : 0,
                      text,
                      replacements.map((r) => ({ index: r.index, length: r.length, text: r.newText })),
                    )
                  : undefined;
              if (spliced && ops.writeBytes) await ops.writeBytes(absolutePath, spliced);
              else
                await ops.writeFile(
                  absolutePath,
                  bom + (noCr ? newContent : applyReplacementsToOriginal(text, replacements)),
                );
              return {
                content: [
                  {
                    type: "text" as const,
                    text: `Successfully replaced ${edits.length} block(s) in ${path}.`,
                  },
                ],
                details: knobs.patch
                  ? details
                  : { diff: details.diff, firstChangedLine: details.firstChangedLine },
              };
            }
            const ending = detectLineEnding(text);
            const { baseContent, newContent, change, replacements } = applyEditsToNormalizedContent(
              normalizeToLF(text),
              edits,
              path,
            );
            if (isAborted()) return undefined as never;
            // Same text on both sides (no CR to normalise, no fuzzy rewrite): splice the bytes.
            const spliced =
              ops.writeBytes && wellFormed !== undefined && baseContent === text
                ? spliceUtf8(raw, bom ? 3 : 0, text, replacements)
                : undefined;
            if (spliced && ops.writeBytes) await ops.writeBytes(absolutePath, spliced);
            else await ops.writeFile(absolutePath, bom + restoreLineEndings(newContent, ending));
            const { diff, firstChangedLine } = generateDiffForChange(baseContent, change);
            return {
              content: [
                { type: "text" as const, text: `Successfully replaced ${edits.length} block(s) in ${path}.` },
              ],
              details: { diff, firstChangedLine },
            };
          },
          toolCallId,
        );
      }),
  };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createEditTool(
  cwd: string,
  options: EditToolOptions,
): AgentTool<typeof editSchema, EditToolDetails | undefined> {
  return wrapToolDefinition(createEditToolDefinition(cwd, options));
}
