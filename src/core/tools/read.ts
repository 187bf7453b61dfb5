/**
 * The read tool, as pi's `dist/core/tools/read.js` behaves: raw text (no line numbers, CRs
 * kept) with offset/limit paging and every notice, or an image detected by its bytes.
 *
 * Per version (the profile's `read` part and `lineCounting`): pi 1.6.0 also reads bmp (converted to
 * png by the injected `imageConverter`), flags an image for a text-only model in
 * `details.imageUnsupportedByModel` instead of a note in the text, returns `structuredContent`, and
 * counts `totalLines` of a truncation without the empty piece after a final newline.
 *
 * Deviations from pi:
 * - Path variants (macOS screenshot names, NFD, curly quotes) are probed through the backend's
 *   `exists`, not the local disk.
 * - Images are fitted by an injected ImageResizer (the browser's canvas) instead of Photon; without
 *   one, an image read with autoResizeImages on gets pi's "could not be resized" note, which is what
 *   pi says when Photon is unavailable.
 * - Operations take and give Uint8Array instead of Buffer.
 */
import { type Static, Type } from "typebox";
import { base64Encode, decodeUtf8, isValidUtf8, utf8ByteLength } from "../bytes";
import { formatDimensionNote, type ImageResizer } from "../image/resize";
import { type PathExists, resolveReadPath } from "../path-utils";
import { countByte } from "../search/byte-search";
import {
  DEFAULT_MAX_BYTES,
  formatSize,
  isAsciiRange,
  type LineCounting,
  type TruncationResult,
  truncateHead,
  truncateHeadUtf8,
  utf8LineStart,
} from "../truncate";
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { runAbortable } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ImageContent, TextContent, ToolDefinition } from "./types";

export const readSchema = Type.Object({
  path: Type.String({
    description: "Path of the file to read, relative to the working directory or absolute",
  }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

type ReadToolInput = Static<typeof readSchema>;

export interface ReadToolDetails {
  truncation?: TruncationResult;
  /** pi 1.6.0: the id of the text-only model an image was read for (pi 0.73.1 says so in the text). */
  imageUnsupportedByModel?: string;
}

/** pi 1.6.0's `structuredContent` of read: the text, or the image with the text that goes with it. */
export type ReadStructuredContent = string | { type: "image"; data: string; mimeType: string; note: string };

/** Turns image bytes of a type models do not take (bmp) into png; null when it cannot. */
export type ImageConverter = (input: { data: Uint8Array; mimeType: string }) => Promise<Uint8Array | null>;

export interface ReadOperations {
  /** The whole file. Rejects with the backend's error (Node-style messages: `ENOENT: ...`). */
  readFile(absolutePath: string): Promise<Uint8Array>;
  /** Resolves when the file is readable, rejects otherwise (pi shows that error as is). */
  access(absolutePath: string): Promise<void>;
  /** Whether a path exists: read tries pi's name variants when the plain path does not. */
  exists: PathExists;
  /** An image MIME type for jpeg/png/gif/webp content, else null. Without it every file is text. */
  detectImageMimeType?(absolutePath: string): Promise<string | null | undefined>;
}

export interface ReadToolOptions {
  operations: ReadOperations;
  /** Fit images to pi's limits before sending them (default true). */
  autoResizeImages?: boolean;
  /** Does the fitting; absent means no image can be fitted (pi's note when Photon is missing). */
  imageResizer?: ImageResizer;
  /** What `~` expands to. */
  homeDir?: string;
  /** Converts bmp to png for a profile that reads bmp (the browser's codecs); without it bmp is omitted. */
  imageConverter?: ImageConverter;
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

/** The types models take as they are; others (bmp) are converted to png first. */
const INLINE_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const NOT_CONVERTED = "[Image omitted: could not be converted to a supported inline image format.]";
const NO_IMAGE_SUPPORT =
  "[Current model does not support images. The image will be omitted from this request.]";
const IMAGE_OMITTED = "[Image omitted: could not be resized below the inline image size limit.]";

export function createReadToolDefinition(
  cwd: string,
  options: ReadToolOptions,
): ToolDefinition<typeof readSchema, ReadToolDetails | undefined> {
  const ops = options.operations;
  const autoResize = options.autoResizeImages ?? true;
  const resizer = options.imageResizer;
  const profile = options.profile ?? TOOLS_0_73_1;
  const knobs = profile.read;
  const imageTypes = new Set(knobs.imageMimeTypes);
  const withStructured = (result: {
    content: (TextContent | ImageContent)[];
    details: ReadToolDetails | undefined;
  }) => (knobs.structuredContent ? { ...result, structuredContent: structuredOf(result.content) } : result);
  return {
    name: "read",
    label: "read",
    description: knobs.description,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: readSchema,
    execute: (_toolCallId, { path, offset, limit }: ReadToolInput, signal, _onUpdate, ctx) =>
      runAbortable(signal, async (isAborted) => {
        const callCwd = (profile.perCallCwd && ctx?.cwd) || cwd;
        const absolutePath = await resolveReadPath(path, callCwd, ops.exists, options.homeDir);
        await ops.access(absolutePath);
        if (isAborted()) return emptyResult();
        const mimeType = ops.detectImageMimeType ? await ops.detectImageMimeType(absolutePath) : undefined;
        const bytes = await ops.readFile(absolutePath);
        if (isAborted()) return emptyResult();
        if (mimeType && imageTypes.has(mimeType)) {
          let input = { bytes, mimeType, hint: "" };
          if (!INLINE_IMAGE_TYPES.has(mimeType)) {
            const png = options.imageConverter
              ? await options.imageConverter({ data: bytes, mimeType }).catch(() => null)
              : null;
            if (!png)
              return withStructured({
                content: [{ type: "text", text: `Read image file [${mimeType}]\n${NOT_CONVERTED}` }],
                details: undefined,
              });
            input = {
              bytes: png,
              mimeType: "image/png",
              hint: `[Image converted from ${mimeType} to image/png.]`,
            };
          }
          const content = await readImage(input.bytes, input.mimeType, autoResize, resizer, input.hint);
          let details: ReadToolDetails | undefined;
          if (ctx?.model && !ctx.model.input.includes("image") && content.length > 1) {
            if (knobs.imageForTextOnlyModel === "details")
              details = { imageUnsupportedByModel: ctx.model.id };
            else {
              const first = content[0] as TextContent;
              content[0] = { type: "text", text: `${first.text}\n${NO_IMAGE_SUPPORT}` };
            }
          }
          return withStructured({ content, details });
        }
        return withStructured(readText(bytes, path, offset, limit, profile.lineCounting));
      }),
  };
}

function emptyResult() {
  return { content: [], details: undefined };
}

/** pi 1.6.0's structuredContent: the image and its text, else the text. */
function structuredOf(content: readonly (TextContent | ImageContent)[]): ReadStructuredContent {
  const text = content.find((b): b is TextContent => b.type === "text")?.text ?? "";
  const image = content.find((b): b is ImageContent => b.type === "image");
  return image ? { type: "image", data: image.data, mimeType: image.mimeType, note: text } : text;
}

/** `hint`: pi 1.6.0's conversion note, shown before the dimension note. */
async function readImage(
  bytes: Uint8Array,
  mimeType: string,
  autoResize: boolean,
  resizer: ImageResizer | undefined,
  hint = "",
): Promise<(TextContent | ImageContent)[]> {
  const withHints = (first: string, ...notes: (string | undefined)[]) =>
    [first, ...[hint, ...notes].filter((n) => n)].join("\n");
  if (!autoResize) {
    return [
      { type: "text", text: withHints(`Read image file [${mimeType}]`) },
      { type: "image", data: base64Encode(bytes), mimeType },
    ];
  }
  const resized = resizer ? await resizer.resize({ data: bytes, mimeType }).catch(() => null) : null;
  if (!resized) return [{ type: "text", text: `Read image file [${mimeType}]\n${IMAGE_OMITTED}` }];
  return [
    { type: "text", text: withHints(`Read image file [${resized.mimeType}]`, formatDimensionNote(resized)) },
    { type: "image", data: resized.data, mimeType: resized.mimeType },
  ];
}

// pi decodes with Buffer#toString: a BOM stays, invalid sequences become U+FFFD.
const decode = (bytes: Uint8Array) => decodeUtf8(bytes);

type TextResult = { content: TextContent[]; details: ReadToolDetails | undefined };

/**
 * pi decodes the whole file, splits it and truncates the selected lines. The result depends only on
 * line boundaries and byte counts, so when the selected bytes are valid UTF-8 the work is done on the
 * bytes and only the kept part is decoded (a 5 MB log costs a newline scan, not a decode and a split).
 * Invalid UTF-8 takes pi's path on the decoded string, where U+FFFD changes the byte counts.
 */
function readText(
  bytes: Uint8Array,
  path: string,
  offset: number | undefined,
  limit: number | undefined,
  lineCounting: LineCounting,
): TextResult {
  const totalFileLines = countByte(bytes, 10, 0, bytes.length) + 1;
  const startLine = offset ? Math.max(0, offset - 1) : 0;
  if (startLine >= totalFileLines) {
    throw new Error(`Offset ${offset} is beyond end of file (${totalFileLines} lines total)`);
  }
  // pi slices the line array with these (possibly fractional or negative) bounds and prints them as
  // they are, so Array#slice's rules decide which lines are taken.
  const endLine = limit !== undefined ? Math.min(startLine + limit, totalFileLines) : undefined;
  const userLimitedLines = endLine !== undefined ? endLine - startLine : undefined;
  const [first, last] = sliceBounds(totalFileLines, startLine, endLine);
  const from = utf8LineStart(bytes, first, totalFileLines);
  const to = last <= first ? from : selectionEnd(bytes, from, last - first, last, totalFileLines);
  let truncation: TruncationResult;
  let firstLineBytes: () => number;
  if (isAsciiRange(bytes, from, to) || isValidUtf8(bytes.subarray(from, to))) {
    // "terminated" counting leaves out the empty piece after a final newline, and "" has no line.
    const selected = Math.max(1, last - first);
    const counted =
      lineCounting === "split" ? selected : to === from ? 0 : selected - (bytes[to - 1] === 10 ? 1 : 0);
    truncation = truncateHeadUtf8(bytes, from, to, counted, decode);
    firstLineBytes = () => {
      const newline = bytes.indexOf(10, from);
      return (newline === -1 ? bytes.length : newline) - from;
    };
  } else {
    const allLines = decode(bytes).split("\n");
    truncation = truncateHead(allLines.slice(startLine, endLine).join("\n"), { lineCounting });
    firstLineBytes = () => utf8ByteLength(allLines[first]);
  }
  return formatTextResult(truncation, path, startLine, totalFileLines, userLimitedLines, firstLineBytes);
}

/** The [first, last) line indexes `lines.slice(start, end)` takes from `total` lines. */
function sliceBounds(total: number, start: number, end: number | undefined): [number, number] {
  const clamp = (n: number) => {
    const i = Math.trunc(n);
    return i < 0 ? Math.max(total + i, 0) : Math.min(i, total);
  };
  return [clamp(start), end === undefined ? total : clamp(end)];
}

/** Where the selected text ends: before the newline that ends line `lastLine - 1` (or the file's end). */
function selectionEnd(
  bytes: Uint8Array,
  from: number,
  lines: number,
  lastLine: number,
  total: number,
): number {
  if (lastLine >= total) return bytes.length;
  if (lines <= total - lastLine) {
    let position = from - 1;
    for (let k = 0; k < lines; k++) position = bytes.indexOf(10, position + 1);
    return position;
  }
  return utf8LineStart(bytes, lastLine, total) - 1;
}

function formatTextResult(
  truncation: TruncationResult,
  path: string,
  startLine: number,
  totalFileLines: number,
  userLimitedLines: number | undefined,
  firstLineBytes: () => number,
): TextResult {
  const startDisplay = startLine + 1;
  const limitText = formatSize(DEFAULT_MAX_BYTES);
  if (truncation.firstLineExceedsLimit) {
    const lineSize = formatSize(firstLineBytes());
    return {
      content: [
        {
          type: "text",
          text: `[Line ${startDisplay} is ${lineSize}, exceeds ${limitText} limit. Use bash: sed -n '${startDisplay}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`,
        },
      ],
      details: { truncation },
    };
  }
  if (truncation.truncated) {
    const endDisplay = startDisplay + truncation.outputLines - 1;
    const range = `lines ${startDisplay}-${endDisplay} of ${totalFileLines}`;
    const notice =
      truncation.truncatedBy === "lines"
        ? `[Showing ${range}. Use offset=${endDisplay + 1} to continue.]`
        : `[Showing ${range} (${limitText} limit). Use offset=${endDisplay + 1} to continue.]`;
    return {
      content: [{ type: "text", text: `${truncation.content}\n\n${notice}` }],
      details: { truncation },
    };
  }
  if (userLimitedLines !== undefined && startLine + userLimitedLines < totalFileLines) {
    const remaining = totalFileLines - (startLine + userLimitedLines);
    const next = startLine + userLimitedLines + 1;
    return {
      content: [
        {
          type: "text",
          text: `${truncation.content}\n\n[${remaining} more lines in file. Use offset=${next} to continue.]`,
        },
      ],
      details: undefined,
    };
  }
  return { content: [{ type: "text", text: truncation.content }], details: undefined };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createReadTool(
  cwd: string,
  options: ReadToolOptions,
): AgentTool<typeof readSchema, ReadToolDetails | undefined> {
  return wrapToolDefinition(createReadToolDefinition(cwd, options));
}
