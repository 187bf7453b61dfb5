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
    while (i <= end) {
      const c = bytes[i + m - 1];
      if (c === last || (lastFolds && (c | 0x20) === last)) {
        let k = m - 2;
        for (; k >= 0; k--) {
          const b = bytes[i + k];
          if (b !== needle[k] && !(folds[k] === 1 && (b | 0x20) === needle[k])) break;
        }
        if (k < 0) return i;
      }
      i += shift[c];
    }
    return -1;
  };
}
