/**
 * Bombs for the tests of what comes from outside: deflate that unpacks to far more than it holds, and a
 * zip whose index can lie about its one entry's size. Built by hand, so no test has to deflate the bytes
 * it means to refuse.
 */

/**
 * Raw deflate that unpacks to about `size` zero bytes, written by hand so no test has to deflate the
 * bytes it means to refuse: one fixed-Huffman block of a literal 0 and then (length 258, distance 1)
 * pairs, 13 bits for every 258 bytes.
 */
export function deflateBomb(size: number): Uint8Array {
  const pairs = Math.ceil(size / 258);
  const out = new Uint8Array(Math.ceil((3 + 8 + 13 * pairs + 7) / 8) + 1);
  let bit = 0;
  const put = (value: number, n: number) => {
    for (let i = 0; i < n; i++, bit++) if ((value >> i) & 1) out[bit >> 3] |= 1 << (bit & 7);
  };
  /** Huffman codes go most significant bit first */
  const code = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) put((value >> i) & 1, 1);
  };
  put(1, 1); // the last block
  put(1, 2); // fixed Huffman codes
  code(0x30, 8); // the literal 0
  for (let i = 0; i < pairs; i++) {
    code(0xc5, 8); // length 258 (code 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  return out;
}

/** A zip of one entry holding `packed` (raw deflate) whose index says it unpacks to `size` bytes. */
export function zipOf(name: string, packed: Uint8Array, size: number): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const local = new Uint8Array(30 + nameBytes.length + packed.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(8, 8, true);
  lv.setUint32(18, packed.length, true);
  lv.setUint32(22, size, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(packed, 30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(10, 8, true);
  cv.setUint32(20, packed.length, true);
  cv.setUint32(24, size, true);
  cv.setUint16(28, nameBytes.length, true);
  central.set(nameBytes, 46);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length, true);
  const zip = new Uint8Array(local.length + central.length + end.length);
  zip.set(local);
  zip.set(central, local.length);
  zip.set(end, local.length + central.length);
  return zip;
}
