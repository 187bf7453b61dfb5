import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import { base64Decode } from "../bytes";
import { imageDimensions } from "./dimensions";
import {
  base64Length,
  createHeaderOnlyResizer,
  createImageResizer,
  fitWithin,
  formatDimensionNote,
  IMAGE_MAX_BASE64_BYTES,
  type ImageCodec,
} from "./resize";
import { detectImageMime } from "./sniff";

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const zeros = (n: number) => new Array(n).fill(0);

// file-type 21.3.4 is what pi 0.73.1 sniffs with (installed here through just-bash): the oracle.
const SUPPORTED = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
async function oracle(bytes: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && SUPPORTED.has(type.mime) ? type.mime : null;
}

describe("detectImageMime decides as file-type does", () => {
  const crafted: Record<string, number[]> = {
    gifText: ascii("GIF is a format"),
    bomGif: [0xef, 0xbb, 0xbf, ...ascii("GIF89a")],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    jpegLs: [0xff, 0xd8, 0xff, 0xf7, 0, 0],
    pngSignatureOnly: PNG_SIG,
    pngSignatureThenText: [...PNG_SIG, ...ascii("hello there, this is text\n")],
    pngIhdr: [...PNG_SIG, ...be32(13), ...ascii("IHDR"), ...zeros(17)],
    pngIhdrWrongLength: [...PNG_SIG, ...be32(12), ...ascii("IHDR"), ...zeros(17)],
    pngIdat: [...PNG_SIG, ...be32(13), ...ascii("IHDR"), ...zeros(17), ...be32(0), ...ascii("IDAT")],
    apng: [
      ...PNG_SIG,
      ...be32(13),
      ...ascii("IHDR"),
      ...zeros(17),
      ...be32(8),
      ...ascii("acTL"),
      ...zeros(12),
    ],
    pngOtherChunkFirst: [...PNG_SIG, ...be32(9), ...ascii("pHYs"), ...zeros(13)],
    pngCgBI: [...PNG_SIG, ...be32(4), ...ascii("CgBI"), ...zeros(8), ...be32(0), ...ascii("IDAT")],
    pngNegativeLength: [...PNG_SIG, 0x80, 0, 0, 0, ...ascii("IHDR"), 1, 2],
    pngHugeChunkAfterIhdr: [
      ...PNG_SIG,
      ...be32(13),
      ...ascii("IHDR"),
      ...zeros(17),
      ...be32(1e6),
      ...ascii("tEXt"),
      1,
    ],
    webp: [...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBPVP8 ")],
    wav: [...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WAVE")],
    bmp: ascii("BM some bitmap"),
    svg: ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    empty: [],
  };
  for (const [name, bytes] of Object.entries(crafted)) {
    it(name, async () => {
      const data = new Uint8Array(bytes);
      expect(detectImageMime(data)).toBe(await oracle(data));
    });
  }

  it("agrees on random bytes behind each signature", async () => {
    let seed = 1;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const prefixes = [
      PNG_SIG,
      [...PNG_SIG, ...be32(13), ...ascii("IHDR")],
      [0xff, 0xd8, 0xff],
      ascii("GIF"),
      ascii("RIFF"),
    ];
    for (let t = 0; t < 400; t++) {
      const prefix = prefixes[t % prefixes.length];
      const tail = Array.from({ length: Math.floor(rnd() * 60) }, () =>
        rnd() < 0.3 ? 0 : Math.floor(rnd() * 256),
      );
      const data = new Uint8Array([...prefix, ...tail]);
      expect(detectImageMime(data), `case ${t}`).toBe(await oracle(data));
    }
  });
});

describe("imageDimensions", () => {
  it("reads png, gif and webp headers", () => {
    const png = new Uint8Array([
      ...PNG_SIG,
      ...be32(13),
      ...ascii("IHDR"),
      ...be32(640),
      ...be32(480),
      ...zeros(5),
    ]);
    expect(imageDimensions(png, "image/png")).toEqual({ width: 640, height: 480 });
    const gif = new Uint8Array([...ascii("GIF89a"), 0x20, 0x03, 0x58, 0x02]);
    expect(imageDimensions(gif, "image/gif")).toEqual({ width: 800, height: 600 });
    const vp8x = new Uint8Array([
      ...ascii("RIFF"),
      0,
      0,
      0,
      0,
      ...ascii("WEBPVP8X"),
      ...zeros(8),
      0xcf,
      0x07,
      0,
      0x37,
      0x04,
      0,
    ]);
    expect(imageDimensions(vp8x, "image/webp")).toEqual({ width: 2000, height: 1080 });
  });

  it("reads a jpeg's start-of-frame past other segments", () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x01, 0x2c, 0x01, 0x90, 3,
    ]);
    expect(imageDimensions(jpeg, "image/jpeg")).toEqual({ width: 400, height: 300 });
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg")).toBeNull();
  });
});

describe("resize policy", () => {
  // Encoded "images" are views of one buffer, so a candidate over the limit costs no allocation.
  const shared = new Uint8Array(IMAGE_MAX_BASE64_BYTES);
  const input = { data: new Uint8Array(100), mimeType: "image/png" };
  const codec = (
    width: number,
    height: number,
    sizes: (w: number, h: number, f: string, q?: number) => number,
  ) => {
    const calls: string[] = [];
    const c: ImageCodec<null> = {
      async decode() {
        return { width, height, image: null };
      },
      async encode(_i, w, h, format, quality) {
        calls.push(`${w}x${h} ${format}${quality ?? ""}`);
        return shared.subarray(0, sizes(w, h, format, quality));
      },
    };
    return { c, calls };
  };

  it("returns a small image unchanged", async () => {
    const { c, calls } = codec(100, 100, () => 1);
    expect(await createImageResizer(c).resize(input)).toMatchObject({
      wasResized: false,
      mimeType: "image/png",
      width: 100,
    });
    expect(calls).toEqual([]);
  });

  it("fits into 2000×2000 and takes the first candidate under the limit", async () => {
    const big = IMAGE_MAX_BASE64_BYTES; // bytes whose base64 is over the limit
    const { c, calls } = codec(4000, 1000, (_w, _h, format, quality) =>
      format === "jpeg" && quality === 70 ? 10 : big,
    );
    const result = await createImageResizer(c).resize(input);
    expect(calls).toEqual(["2000x500 png", "2000x500 jpeg80", "2000x500 jpeg85", "2000x500 jpeg70"]);
    expect(result).toMatchObject({
      mimeType: "image/jpeg",
      width: 2000,
      height: 500,
      originalWidth: 4000,
      wasResized: true,
    });
    expect(formatDimensionNote(result!)).toBe(
      "[Image: original 4000x1000, displayed at 2000x500. Multiply coordinates by 2.00 to map to original image.]",
    );
  });

  it("shrinks by 0.75 until something fits, and gives up at 1×1", async () => {
    const { c, calls } = codec(3000, 3000, (w) => (w <= 1200 ? 10 : IMAGE_MAX_BASE64_BYTES));
    const result = await createImageResizer(c).resize(input);
    expect(result).toMatchObject({ width: 1125, height: 1125, mimeType: "image/png" });
    expect(calls[0]).toBe("2000x2000 png");
    const never = codec(3000, 3000, () => IMAGE_MAX_BASE64_BYTES);
    expect(await createImageResizer(never.c).resize(input)).toBeNull();
    expect(never.calls.at(-1)).toBe("1x1 jpeg40");
  });

  it("gives null when the image does not decode", async () => {
    const failing: ImageCodec<null> = {
      decode: async () => {
        throw new Error("corrupt");
      },
      encode: async () => new Uint8Array(),
    };
    expect(await createImageResizer(failing).resize(input)).toBeNull();
  });

  it("header-only resizer passes small images and cannot fit large ones", async () => {
    const resizer = createHeaderOnlyResizer(({ data }) => ({ width: data[0], height: data[1] }));
    expect(await resizer.resize({ data: new Uint8Array([10, 10]), mimeType: "image/gif" })).toMatchObject({
      wasResized: false,
      data: "Cgo=",
    });
    const huge = createHeaderOnlyResizer(() => ({ width: 5000, height: 10 }));
    expect(await huge.resize({ data: base64Decode("AAAA"), mimeType: "image/png" })).toBeNull();
  });

  it("computes base64 length and fitting like pi", () => {
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    expect(fitWithin(4000, 3000, 2000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(1000, 4000, 2000, 2000)).toEqual({ width: 500, height: 2000 });
  });
});
