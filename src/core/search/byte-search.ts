/**
 * A prefilter on raw bytes: where does a file contain a literal every match needs? Most files of a
 * search do not, and answering on bytes spares decoding them (decoding, not matching, is where a scan
 * over a workspace spends its time). Boyer-Moore-Horspool, with ASCII case folding when case is ignored.
 */

function isAsciiLetter(byte: number): boolean {
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** Finds the next offset at or after `from` where the literal starts in some bytes, or -1. */
export type ByteFinder = (bytes: Uint8Array, from: number) => number;

/**
 * A finder for `literal` in UTF-8 bytes, or undefined when a byte search could be wrong: with
 * ignoreCase, only ASCII literals qualify, and not ones holding `k` or `s` (Unicode case folding
 * matches them with the Kelvin sign and the long s, which are not ASCII).
 */
export function createByteFinder(literal: string, ignoreCase: boolean): ByteFinder | undefined {
  if (literal.length === 0) return undefined;
  const fold = ignoreCase;
  const needle = new TextEncoder().encode(fold ? literal.toLowerCase() : literal);
  if (fold && (needle.some((b) => b >= 0x80) || /[ks]/.test(literal.toLowerCase()))) return undefined;
  const m = needle.length;
  if (m === 1 && !(fold && isAsciiLetter(needle[0]))) {
    const byte = needle[0];
    return (bytes, from) => bytes.indexOf(byte, from);
  }
  // Horspool's shift: how far the window may move when its last byte is `c`.
  const shift = new Int32Array(256).fill(m);
  for (let i = 0; i < m - 1; i++) {
    const b = needle[i];
    shift[b] = m - 1 - i;
    if (fold && isAsciiLetter(b)) shift[b & ~0x20] = m - 1 - i;
  }
  // With folding, `folds[k]` marks a letter position, where either case of the byte matches.
  const folds = needle.map((b) => (fold && isAsciiLetter(b) ? 1 : 0));
  const last = needle[m - 1];
  const lastFolds = folds[m - 1] === 1;
  return (bytes, from) => {
    const end = bytes.length - m;
    let i = from;
    for (;;) {
      // The skip loop: most windows end in a byte that cannot be the literal's last one.
      let c = 0;
      while (i <= end) {
        c = bytes[i + m - 1];
        if (c === last || (lastFolds && (c | 0x20) === last)) break;
        i += shift[c];
      }
      if (i > end) return -1;
      let k = m - 2;
      for (; k >= 0; k--) {
        const b = bytes[i + k];
        if (b !== needle[k] && !(folds[k] === 1 && (b | 0x20) === needle[k])) break;
      }
      if (k < 0) return i;
      i += shift[c];
    }
  };
}

// Word-at-a-time (SWAR) scans: four bytes per step through a Uint32Array view of the aligned middle.
// `zeroFlags(x)` has the top bit of each byte set exactly where that byte of x is zero.
function zeroFlags(x: number): number {
  return ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | 0 | x | 0x7f7f7f7f);
}

function alignedWords(bytes: Uint8Array, start: number, end: number): { head: number; words: Uint32Array } {
  let head = start;
  while (head < end && (bytes.byteOffset + head) % 4 !== 0) head++;
  const count = Math.max(0, (end - head) >> 2);
  return { head, words: new Uint32Array(bytes.buffer, bytes.byteOffset + head, count) };
}

/** How many bytes equal `byte` in [start, end). */
export function countByte(bytes: Uint8Array, byte: number, start: number, end: number): number {
  let n = 0;
  if (end - start < 64) {
    for (let i = start; i < end; i++) if (bytes[i] === byte) n++;
    return n;
  }
  const { head, words } = alignedWords(bytes, start, end);
  for (let i = start; i < head; i++) if (bytes[i] === byte) n++;
  const pattern = byte * 0x01010101;
  for (let w = 0; w < words.length; w++) {
    let t = zeroFlags(words[w] ^ pattern);
    if (t === 0) continue;
    t >>>= 7;
    t = (t & 0x00ff00ff) + ((t >>> 8) & 0x00ff00ff);
    n += (t & 0xffff) + (t >>> 16);
  }
  for (let i = head + words.length * 4; i < end; i++) if (bytes[i] === byte) n++;
  return n;
}

/** Whether the bytes hold a NUL (rg's sign of a binary file). */
export function hasNul(bytes: Uint8Array): boolean {
  const { head, words } = alignedWords(bytes, 0, bytes.length);
  for (let i = 0; i < head; i++) if (bytes[i] === 0) return true;
  for (let w = 0; w < words.length; w++) if (zeroFlags(words[w]) !== 0) return true;
  for (let i = head + words.length * 4; i < bytes.length; i++) if (bytes[i] === 0) return true;
  return false;
}
