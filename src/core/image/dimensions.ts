/**
 * Width and height from an image's header, without decoding it: enough to know whether a picture is
 * within pi's limits before anything heavy runs. Returns null when the header is not where it should be.
 */
import type { ImageMimeType } from "./sniff";

export interface ImageSize {
  width: number;
  height: number;
}

export function imageDimensions(bytes: Uint8Array, mimeType: ImageMimeType | string): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mimeType) {
      case "image/png":
        return pngSize(bytes, view);
      case "image/gif":
        return bytes.length >= 10
          ? { width: view.getUint16(6, true), height: view.getUint16(8, true) }
          : null;
      case "image/jpeg":
        return jpegSize(bytes, view);
      case "image/webp":
        return webpSize(bytes, view);
      default:
        return null;
    }
  } catch {
    return null; // a DataView read past the end: a truncated header
  }
}

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  // Signature (8), IHDR length (4) and type (4), then width and height as big-endian uint32.
  if (bytes.length < 24) return null;
  const type = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (type !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  const chunk = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (chunk === "VP8 ") {
    // Lossy: a frame tag (3) and start code (3), then 14-bit width and height.
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Lossless: signature byte 0x2f, then width-1 and height-1 in 14 bits each.
    const b0 = bytes[21];
    const b1 = bytes[22];
    const b2 = bytes[23];
    const b3 = bytes[24];
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === "VP8X") {
    // Extended: 24-bit canvas width-1 and height-1 after 4 bytes of flags.
    const w = bytes[24] | (bytes[25] << 8) | (bytes[26] << 16);
    const h = bytes[27] | (bytes[28] << 8) | (bytes[29] << 16);
    return { width: w + 1, height: h + 1 };
  }
  return null;
}
