/**
 * mini-pi's edit, before the tutorial adds the queue: read the file, replace each oldText (it must occur
 * exactly once), write the file back. Without the queue, two edits of one file in one batch both read the
 * original, and the second write drops the first one's change (a lost update). No fuzzy matching, no
 * BOM or line-ending care, no diff.
 */
import { decodeUtf8 } from "../../bytes";
import type { EditOperations } from "../edit";
import type { MiniPiHandler } from "./handler";
import { safePath } from "./safe-path";

interface Replacement {
  oldText: string;
  newText: string;
}

export function createMiniPiEdit(
  cwd: string,
  ops: Pick<EditOperations, "readFile" | "writeFile">,
): MiniPiHandler {
  return async (input) => {
    const path = String(input.path ?? "");
    const edits = Array.isArray(input.edits) ? (input.edits as Replacement[]) : [];
    const abs = safePath(path, cwd);
    let content = decodeUtf8(await ops.readFile(abs));
    for (const { oldText, newText } of edits) {
      const first = content.indexOf(oldText);
      if (first < 0) throw new Error(`oldText not found in ${path}`);
      if (content.indexOf(oldText, first + 1) >= 0)
        throw new Error(`oldText occurs more than once in ${path}`);
      content = content.slice(0, first) + newText + content.slice(first + oldText.length);
    }
    await ops.writeFile(abs, content);
    return `Edited ${path}`;
  };
}
