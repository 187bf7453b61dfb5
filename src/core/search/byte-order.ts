/**
 * rg's `--sort=path` and fd's result order compare names as UTF-8 bytes. UTF-16 code-unit order agrees
 * with UTF-8 byte order except where a surrogate pair (U+10000 and up) meets a code unit from U+E000 to
 * U+FFFF; that case is fixed up here so the common path stays a plain string comparison.
 */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate (4-byte UTF-8, lead byte 0xF0+) sorts after every BMP character (lead byte <= 0xEF).
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
