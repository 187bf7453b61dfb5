/**
 * A long text cut into parts of about `size` characters, each ending, where it can, with a line break of
 * the text's own (else with a space, else anywhere but inside a surrogate pair). The parts joined are the
 * text, character for character. The transcript draws each part as a block the browser may leave unlaid
 * while it is off screen (StreamingText.tsx): a text drawn as one paragraph is laid out whole.
 */
export function textParts(text: string, size: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    const end = start + size;
    // the last break in the window's second half, so that no part is much shorter than `size`
    const half = start + Math.floor(size / 2);
    const line = text.lastIndexOf("\n", end - 1);
    const space = text.lastIndexOf(" ", end - 1);
    let cut = line >= half ? line + 1 : space >= half ? space + 1 : end;
    if (cut === end && isLowSurrogate(text.charCodeAt(cut))) cut--;
    parts.push(text.slice(start, cut));
    start = cut;
  }
  parts.push(text.slice(start));
  return parts;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** about how many lines a part takes: its own line breaks, and a line per `perLine` characters between */
export function estimatedLines(part: string, perLine = 80): number {
  let lines = 0;
  for (const line of part.split("\n")) lines += Math.max(1, Math.ceil(line.length / perLine));
  return lines;
}
