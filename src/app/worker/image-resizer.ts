/**
 * read's image fitting in the browser (and its worker): pi 0.73.1's policy (`@core/image/resize`:
 * fit 2000×2000, PNG then JPEG 80, 85, 70, 55, 40, the first candidate under 4.5 MiB of base64, then
 * ×0.75 steps) over createImageBitmap + OffscreenCanvas instead of Photon. Decoding applies EXIF
 * orientation, as Photon does before resizing. An image the browser cannot decode gives null, so read
 * says it "could not be resized", which is what pi says when Photon cannot decode it.
 */
import { createImageResizer, type ImageCodec, type ImageResizer } from "@core/image/resize";

/** The canvas codec, or undefined where the APIs are missing (Node, old browsers). */
export function createBrowserImageCodec(): ImageCodec<ImageBitmap> | undefined {
  if (typeof createImageBitmap !== "function" || typeof OffscreenCanvas !== "function") return undefined;
  return {
    async decode({ data, mimeType }) {
      const blob = new Blob([data as Uint8Array<ArrayBuffer>], { type: mimeType });
      const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
      return { width: bitmap.width, height: bitmap.height, image: bitmap };
    },
    async encode(bitmap, width, height, format, quality) {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({
        type: `image/${format}`,
        ...(quality === undefined ? {} : { quality: quality / 100 }),
      });
      return new Uint8Array(await blob.arrayBuffer());
    },
    dispose(bitmap) {
      bitmap.close();
    },
  };
}

/** read's ImageResizer for this environment, or undefined when images cannot be decoded here. */
export function createBrowserImageResizer(): ImageResizer | undefined {
  const codec = createBrowserImageCodec();
  return codec ? createImageResizer(codec) : undefined;
}
