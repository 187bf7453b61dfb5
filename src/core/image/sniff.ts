/**
 * Image detection by content, deciding as the `file-type` package (21.x, which pi 0.73.1's read uses
 * through `dist/utils/mime.js`) decides for the four formats pi sends as images. Only those count;
 * every other answer file-type could give (apng, jls, bmp, svg...) means "read as text".
 *
 * The rules, checked against file-type itself in sniff.test.ts:
 * - jpeg: FF D8 FF, unless the 4th byte is F7 (JPEG-LS);
 * - gif: the three bytes "GIF";
 * - webp: "RIFF" at 0 and "WEBP" at 8;
 * - png: the 8-byte signature, then a walk over the chunks: the first chunk must be a 13-byte IHDR
 *   (or Apple's CgBI), IDAT means png, acTL before it means apng, a chunk header cut off by the end of
 *   the sniffed bytes means nothing was detected, a skip past the end means png. So the signature
 *   followed by arbitrary text is text.
 * - a UTF-8 BOM in front is skipped and detection starts again after it.
 * - bmp (read as an image by pi 1.6.0 only; 0.73.1's read takes it as text): "BM", then a header that
 *   holds together (sizes and offsets consistent, one colour plane, 1/4/8/16/24/32 bits per pixel).
 */

export type ImageMimeType = "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/bmp";

/** pi reads this many bytes to sniff a file's type. */
export const IMAGE_SNIFF_BYTES = 4100;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_PNG_CHUNKS = 512;

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (bytes[offset + i] !== expected[i]) return false;
  return true;
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const GIF = ascii("GIF");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/** The image type of these leading bytes (pass at least the first 4100 of the file), or null. */
export function detectImageMime(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return detectImageMime(bytes.subarray(3));
  if (startsWith(bytes, GIF)) return "image/gif";
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return bytes.length > 3 && bytes[3] === 0xf7 ? null : "image/jpeg";
  if (startsWith(bytes, RIFF)) return startsWith(bytes, WEBP, 8) ? "image/webp" : null;
  if (startsWith(bytes, PNG_SIGNATURE)) return walkPngChunks(bytes) ? "image/png" : null;
  if (startsWith(bytes, ascii("BM")) && isBmpHeader(bytes)) return "image/bmp";
  return null;
}

function isBmpHeader(bytes: Uint8Array): boolean {
  if (bytes.length < 26) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fileSize = view.getUint32(2, true);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (fileSize !== 0 && fileSize < 26) return false;
  if (pixelOffset < 14 + headerSize) return false;
  if (fileSize !== 0 && pixelOffset >= fileSize) return false;
  let at: number;
  if (headerSize === 12) at = 22;
  else if (headerSize >= 40 && headerSize <= 124) {
    if (bytes.length < 30) return false;
    at = 26;
  } else return false;
  const planes = view.getUint16(at, true);
  const bits = view.getUint16(at + 2, true);
  return planes === 1 && [1, 4, 8, 16, 24, 32].includes(bits);
}

/** True when file-type would call these bytes a (non-animated) png. */
function walkPngChunks(bytes: Uint8Array): boolean {
  const size = bytes.length;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let position = PNG_SIGNATURE.length;
  let seenHeader = false;
  let chunks = 0;
  do {
    if (++chunks > MAX_PNG_CHUNKS) break;
    if (position + 8 > size) return false; // a cut-off chunk header: nothing detected
    const length = view.getInt32(position);
    const type = String.fromCharCode(
      bytes[position + 4],
      bytes[position + 5],
      bytes[position + 6],
      bytes[position + 7],
    );
    position += 8;
    if (length < 0) return false;
    if (type === "IHDR") {
      if (length !== 13) return false;
      seenHeader = true;
    }
    if (type === "IDAT") return true;
    if (type === "acTL") return false; // apng: not one of the types pi sends as an image
    if (!seenHeader && type !== "CgBI") return false;
    const skip = length + 4;
    if (position + skip >= size) return true; // the rest is past the sniffed bytes
    position += skip;
  } while (position + 8 < size);
  return true;
}
