/**
 * A prefilter on raw bytes: does a file contain a literal every match needs? Most files of a search do
 * not, and answering on bytes spares decoding them (decoding, not matching, is where a scan over a
 * workspace spends its time). It jumps between occurrences of the literal's rarest byte with the
 * native `Uint8Array.prototype.indexOf`, then compares the rest.
 */

// Bytes from most to least frequent in source text and logs (rough); anything absent counts as rare.
const COMMON = " etaoinsrlcdhupmfgy.,;:()=\n\t/\"'_-0123456789bwvkxjqz{}[]<>ETAOINSRLCDHUPMFGYBWVKXJQZ";

function rarity(byte: number): number {
  const i = COMMON.indexOf(String.fromCharCode(byte));
  return i < 0 ? COMMON.length : i;
}

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
  const needle = new TextEncoder().encode(ignoreCase ? literal.toLowerCase() : literal);
  if (ignoreCase && (needle.some((b) => b >= 0x80) || /[ks]/.test(literal.toLowerCase()))) return undefined;
  const fold = ignoreCase;
  // The anchor: the rarest byte, preferring one that is not a letter when case is ignored (one scan).
  let anchor = 0;
  for (let i = 1; i < needle.length; i++) {
    const better =
      fold && isAsciiLetter(needle[anchor]) !== isAsciiLetter(needle[i])
        ? !isAsciiLetter(needle[i])
        : rarity(needle[i]) > rarity(needle[anchor]);
    if (better) anchor = i;
  }
  const a = needle[anchor];
  const n = needle.length;

  const matchesAt = (bytes: Uint8Array, start: number): boolean => {
    if (start < 0 || start + n > bytes.length) return false;
    for (let k = 0; k < n; k++) {
      const b = bytes[start + k];
      const want = needle[k];
      if (b === want) continue;
      if (fold && isAsciiLetter(want) && (b | 0x20) === want) continue;
      return false;
    }
    return true;
  };

  if (!(fold && isAsciiLetter(a))) {
    return (bytes, from) => {
      for (let i = bytes.indexOf(a, from + anchor); i >= 0; i = bytes.indexOf(a, i + 1)) {
        if (matchesAt(bytes, i - anchor)) return i - anchor;
      }
      return -1;
    };
  }
  // Two anchors (the letter in either case): remember where each was last seen, so that a frequent one
  // does not make the other be searched again from the same place each time.
  const upper = a & ~0x20;
  let lastBytes: Uint8Array | undefined;
  let nextLower = -1;
  let nextUpper = -1;
  let lastAt = 0;
  return (bytes, from) => {
    const at = from + anchor;
    if (bytes !== lastBytes || at < lastAt) {
      lastBytes = bytes;
      nextLower = -2;
      nextUpper = -2;
    }
    lastAt = at;
    for (;;) {
      if (nextLower !== -1 && nextLower < at) nextLower = bytes.indexOf(a, at);
      if (nextUpper !== -1 && nextUpper < at) nextUpper = bytes.indexOf(upper, at);
      const i = nextLower < 0 ? nextUpper : nextUpper < 0 ? nextLower : Math.min(nextLower, nextUpper);
      if (i < 0) return -1;
      if (matchesAt(bytes, i - anchor)) return i - anchor;
      if (i === nextLower) nextLower = bytes.indexOf(a, i + 1);
      else nextUpper = bytes.indexOf(upper, i + 1);
    }
  };
}
