/**
 * pi 0.73.1's image fitting (`dist/utils/image-resize.js`), with the pixel work injected: pi uses
 * Photon (WASM); the browser app supplies a codec on createImageBitmap + OffscreenCanvas
 * (src/app/worker/image-resizer.ts). The policy lives here so it is the same everywhere and testable in Node.
 *
 * Policy: an image within 2000×2000 whose base64 is under 4.5 MiB is sent unchanged. Otherwise it is
 * scaled to fit 2000×2000; at each size PNG is tried, then JPEG at 80, 85, 70, 55 and 40, and the
 * first candidate under the limit wins (not the smallest). When none fits, both sides shrink by 0.75,
 * down to 1×1. Nothing fitting, or an image the codec cannot decode, gives null (pi then omits the
 * image with a note). As in pi, every image is decoded, small ones too.
 *
 * Deviation: EXIF orientation is whatever the codec applies (browsers apply it when decoding).
 */
import { base64Encode } from "../bytes";

export const IMAGE_MAX_WIDTH = 2000;
export const IMAGE_MAX_HEIGHT = 2000;
/** Base64 characters; a candidate must be strictly below. */
export const IMAGE_MAX_BASE64_BYTES = 4.5 * 1024 * 1024;
export const JPEG_QUALITIES = [80, 85, 70, 55, 40] as const;

export interface ImageInput {
  data: Uint8Array;
  mimeType: string;
}

export interface ResizedImage {
  /** base64 */
  data: string;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  wasResized: boolean;
}

/** What read is given to fit images; without one, read cannot send an image that needs fitting. */
export interface ImageResizer {
  resize(image: ImageInput): Promise<ResizedImage | null>;
}

/** The pixel work a resizer needs: decode once, encode at a size. */
export interface ImageCodec<TDecoded = unknown> {
  /** null (or a throw) when the bytes do not decode. */
  decode(image: ImageInput): Promise<{ width: number; height: number; image: TDecoded } | null>;
  encode(
    image: TDecoded,
    width: number,
    height: number,
    format: "png" | "jpeg",
    quality?: number,
  ): Promise<Uint8Array>;
  /** Frees what decode allocated. */
  dispose?(image: TDecoded): void;
}

export function base64Length(byteLength: number): number {
  return 4 * Math.ceil(byteLength / 3);
}

/** Fits (width, height) into the maximum box, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  let w = width;
  let h = height;
  if (w > maxWidth) {
    h = Math.max(1, Math.round((h * maxWidth) / w));
    w = maxWidth;
  }
  if (h > maxHeight) {
    w = Math.max(1, Math.round((w * maxHeight) / h));
    h = maxHeight;
  }
  return { width: w, height: h };
}

export function createImageResizer<T>(codec: ImageCodec<T>): ImageResizer {
  return {
    async resize(input) {
      let decoded: Awaited<ReturnType<ImageCodec<T>["decode"]>>;
      try {
        decoded = await codec.decode(input);
      } catch {
        return null;
      }
      if (!decoded) return null;
      const { width: originalWidth, height: originalHeight, image } = decoded;
      try {
        const original = { originalWidth, originalHeight };
        if (
          originalWidth <= IMAGE_MAX_WIDTH &&
          originalHeight <= IMAGE_MAX_HEIGHT &&
          base64Length(input.data.length) < IMAGE_MAX_BASE64_BYTES
        ) {
          return {
            data: base64Encode(input.data),
            mimeType: input.mimeType,
            ...original,
            width: originalWidth,
            height: originalHeight,
            wasResized: false,
          };
        }
        let { width, height } = fitWithin(originalWidth, originalHeight, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
        for (;;) {
          const candidates: Array<["png" | "jpeg", number | undefined]> = [
            ["png", undefined],
            ...JPEG_QUALITIES.map((q): ["jpeg", number] => ["jpeg", q]),
          ];
          for (const [format, quality] of candidates) {
            const bytes = await codec.encode(image, width, height, format, quality);
            if (base64Length(bytes.length) < IMAGE_MAX_BASE64_BYTES) {
              return {
                data: base64Encode(bytes),
                mimeType: `image/${format}`,
                ...original,
                width,
                height,
                wasResized: true,
              };
            }
          }
          if (width === 1 && height === 1) return null;
          width = Math.max(1, Math.floor(width * 0.75));
          height = Math.max(1, Math.floor(height * 0.75));
        }
      } catch {
        return null;
      } finally {
        codec.dispose?.(image);
      }
    },
  };
}

/** The note read adds when an image was scaled, telling the model how to map coordinates back. */
export function formatDimensionNote(image: ResizedImage): string | undefined {
  if (!image.wasResized) return undefined;
  const scale = image.originalWidth / image.width;
  return `[Image: original ${image.originalWidth}x${image.originalHeight}, displayed at ${image.width}x${image.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}

/**
 * A resizer that decodes nothing: images within the limits (by their header) pass unchanged, the rest
 * cannot be fitted and give null. For places with no pixel codec (Node tests, the parity suite).
 * Unlike pi's Photon it does not notice a corrupt image whose header is intact.
 */
export function createHeaderOnlyResizer(
  dimensions: (image: ImageInput) => { width: number; height: number } | null,
): ImageResizer {
  return createImageResizer<null>({
    async decode(image) {
      const size = dimensions(image);
      return size ? { ...size, image: null } : null;
    },
    async encode() {
      throw new Error("no pixel codec");
    },
  });
}
