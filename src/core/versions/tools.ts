/**
 * The tool layer's part of a version profile: which tools a pi version has, and per tool the knobs,
 * texts and variants where versions differ. The tool factories read their slice (`profile.bash`,
 * `profile.edit`, ...); nothing in the tools compares version ids. docs/pi-versions.md lists every
 * difference and how to add a version.
 *
 * Texts a model sees that pi states exactly (edit's guidelines, error messages) are pi's; descriptions
 * are the project's own words, written per version where the behaviour they describe changed.
 */

import type { ToolName } from "../tools/names";
import type { ConstrainedSampling } from "../tools/types";
import type { LineCounting } from "../truncate";
import type { PiVersionId } from "./ids";

/** A tool a version lists: the seven, and 1.6.0's powershell. */
export type ProfileToolName = ToolName | "powershell";

export interface ProfileToolEntry {
  name: ProfileToolName;
  /**
   * False for a tool the version lists but the playground never declares to the model (a dispatch
   * table may show it, greyed out, with `note`).
   */
  offeredToModel: boolean;
  note?: string;
}

export interface BashProfile {
  /** A non-zero exit: thrown as an error (0.73.1), or returned with `isError: true` (1.6.0). */
  nonZeroExit: "throw" | "error-result";
  /** Return `structuredContent {output, truncated, full_output_path?, exit_code, wall_time_seconds}`. */
  structuredContent: boolean;
  /** Reject a timeout that is not a positive finite number of seconds, or is over the timer maximum. */
  validateTimeout: boolean;
  /** A command that ends without an exit code: reported as success, or as pi's error. */
  missingExitCode: "success" | "error";
  /** A timeout after the shell itself had exited says so (when the engine reports it). */
  timeoutNamesShellExit: boolean;
  commandDescription: string;
}

export interface ReadProfile {
  /** Detected types that are read as images; any other type is read as text. */
  imageMimeTypes: readonly string[];
  /** An image for a text-only model: a note appended to the text, or `details.imageUnsupportedByModel`. */
  imageForTextOnlyModel: "note" | "details";
  /** Return `structuredContent`: the text, or `{type: "image", data, mimeType, note}`. */
  structuredContent: boolean;
  description: string;
}

export interface EditProfile {
  /**
   * "whole-file": after a fuzzy match the whole file is written in fuzzy-normalised form, and every line
   * gets the first line ending seen. "touched-lines": only the lines the edits touch are rewritten and
   * untouched bytes (line endings included) are kept.
   */
  fuzzyRewrite: "whole-file" | "touched-lines";
  /** `details.patch`, a unified patch of the change (computed with "touched-lines"). */
  patch: boolean;
  /** Keys besides path/edits (and oldText/newText in an edit) are refused by validation. */
  closedSchema: boolean;
  /** prepareArguments wraps a lone `edits: {oldText, newText}` (or that object as JSON text) in an array. */
  wrapLoneEdit: boolean;
  promptGuidelines: readonly string[];
}

export interface WriteProfile {
  /** `Successfully wrote N bytes to PATH` (N in UTF-16 units), or `Successfully wrote to PATH`. */
  successText: "with-length" | "plain";
}

export interface GrepProfile {
  /**
   * Context lines: re-read per match, one block per match, endings normalised (a line near two matches
   * repeats, a file's final newline gives an empty last line); or rg's merged blocks.
   */
  context: "block-per-match" | "merged";
  /** A glob is matched against paths relative to the working directory, or to the searched directory. */
  globRoot: "cwd" | "search-path";
  /** The limit notice when `limit` matches were found, or only when one more exists. */
  limitNotice: "at-limit" | "beyond-limit";
  /** `limit` and `context` are rounded down to whole numbers. */
  floorArguments: boolean;
  globDescription: string;
}

export interface FindProfile {
  /** A pattern with a `/`: matched at any depth (`**∕` in front), or anchored at the searched directory. */
  pathPatterns: "any-depth" | "anchored";
  /** The limit notice when `limit` results were found, or only when one more exists. */
  limitNotice: "at-limit" | "beyond-limit";
  /** `limit` rounded down, at least 1 (otherwise passed to the search as given). */
  floorLimit: boolean;
  patternDescription: string;
}

export interface LsProfile {
  /** `limit` rounded down, at least 1. */
  floorLimit: boolean;
}

export interface PiToolProfile {
  version: PiVersionId;
  /** Every tool the version lists, in pi's order. */
  tools: readonly ProfileToolEntry[];
  /** How truncation and bash count lines: see LineCounting. */
  lineCounting: LineCounting;
  /** Paths resolve against the call's `ctx.cwd` when it has one, else the tool's cwd. */
  perCallCwd: boolean;
  /** What read, bash, edit and write declare as their `constrainedSampling` (none in 0.73.1). */
  constrainedSampling?: ConstrainedSampling;
  bash: BashProfile;
  read: ReadProfile;
  edit: EditProfile;
  write: WriteProfile;
  grep: GrepProfile;
  find: FindProfile;
  ls: LsProfile;
}

const SEVEN: readonly ProfileToolEntry[] = ["read", "bash", "edit", "write", "grep", "find", "ls"].map(
  (name) => ({ name: name as ToolName, offeredToModel: true }),
);

const READ_DESCRIPTION = (formats: string) =>
  `Read a file. Text comes back as it is stored (no line numbers). Images (${formats}) come back as attachments. Text output stops at 2000 lines or 50KB, whichever comes first; a notice then says which offset to continue from. Use offset and limit to page through a long file, and keep reading until you have what you need.`;

export const TOOLS_0_73_1: PiToolProfile = {
  version: "0.73.1",
  tools: SEVEN,
  lineCounting: "split",
  perCallCwd: false,
  bash: {
    nonZeroExit: "throw",
    structuredContent: false,
    validateTimeout: false,
    missingExitCode: "success",
    timeoutNamesShellExit: false,
    commandDescription: "The bash command (or script) to run",
  },
  read: {
    imageMimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
    imageForTextOnlyModel: "note",
    structuredContent: false,
    description: READ_DESCRIPTION("jpg, png, gif, webp"),
  },
  edit: {
    fuzzyRewrite: "whole-file",
    patch: false,
    closedSchema: true,
    wrapLoneEdit: false,
    promptGuidelines: [
      "Use edit for precise changes (edits[].oldText must match exactly)",
      "When changing multiple separate locations in one file, use one edit call with multiple entries in edits[] instead of multiple edit calls",
      "Each edits[].oldText is matched against the original file, not after earlier edits are applied. Do not emit overlapping or nested edits. Merge nearby changes into one edit.",
      "Keep edits[].oldText as small as possible while still being unique in the file. Do not pad with large unchanged regions.",
    ],
  },
  write: { successText: "with-length" },
  grep: {
    context: "block-per-match",
    globRoot: "cwd",
    limitNotice: "at-limit",
    floorArguments: false,
    globDescription: "Only search files whose path matches this glob, e.g. '*.ts' or '**/*.spec.ts'",
  },
  find: {
    pathPatterns: "any-depth",
    limitNotice: "at-limit",
    floorLimit: false,
    patternDescription:
      "Glob the file names or paths must match, e.g. '*.ts', '**/*.json' or 'src/**/*.spec.ts'",
  },
  ls: { floorLimit: false },
};

export const TOOLS_1_6_0: PiToolProfile = {
  version: "1.6.0",
  tools: [
    { name: "read", offeredToModel: true },
    { name: "bash", offeredToModel: true },
    {
      name: "powershell",
      offeredToModel: false,
      note: "pi lists it in 1.6.0, but it runs only on Windows; the playground never offers it to the model.",
    },
    ...SEVEN.slice(2),
  ],
  lineCounting: "terminated",
  perCallCwd: true,
  constrainedSampling: { type: "json_schema", strict: "prefer" },
  bash: {
    nonZeroExit: "error-result",
    structuredContent: true,
    validateTimeout: true,
    missingExitCode: "error",
    timeoutNamesShellExit: true,
    commandDescription: "The shell command (or script) to run",
  },
  read: {
    imageMimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp"],
    imageForTextOnlyModel: "details",
    structuredContent: true,
    description: READ_DESCRIPTION("jpg, png, gif, webp, bmp"),
  },
  edit: {
    fuzzyRewrite: "touched-lines",
    patch: true,
    closedSchema: false,
    wrapLoneEdit: true,
    promptGuidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
    ],
  },
  write: { successText: "plain" },
  grep: {
    context: "merged",
    globRoot: "search-path",
    limitNotice: "beyond-limit",
    floorArguments: true,
    globDescription:
      "Only search files whose path, relative to the searched directory, matches this glob, e.g. 'src/**/*.ts'; a glob without '/', e.g. '*.ts', matches file names at any depth",
  },
  find: {
    pathPatterns: "anchored",
    limitNotice: "beyond-limit",
    floorLimit: true,
    patternDescription:
      "Glob the paths must match, relative to the searched directory, e.g. 'src/**/*.ts'; a glob without '/', e.g. '*.ts', matches file names at any depth",
  },
  ls: { floorLimit: true },
};

/** The tools a version lists but the playground never declares to a model (1.6.0's powershell). */
export function listedOnlyTools(profile: PiToolProfile): ProfileToolEntry[] {
  return profile.tools.filter((t) => !t.offeredToModel);
}

/** Each version's tool profile. */
export const TOOL_PROFILES: Readonly<Record<PiVersionId, PiToolProfile>> = {
  "0.73.1": TOOLS_0_73_1,
  "1.6.0": TOOLS_1_6_0,
};
