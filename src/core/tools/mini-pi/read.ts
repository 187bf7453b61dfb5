/**
 * mini-pi's read: safePath, the whole file, the first 50,000 characters. No offset/limit (they are
 * accepted, since the definition is pi's, and ignored), no image detection (an image's bytes come back
 * as text), no notice when the text was cut.
 */
import { decodeUtf8 } from "../../bytes";
import type { ReadOperations } from "../read";
import type { MiniPiHandler } from "./handler";
import { safePath } from "./safe-path";

export const MINI_PI_MAX_READ_CHARS = 50_000;

export function createMiniPiRead(cwd: string, ops: Pick<ReadOperations, "readFile">): MiniPiHandler {
  return async (input) => {
    const path = String(input.path ?? "");
    const text = decodeUtf8(await ops.readFile(safePath(path, cwd)));
    return text.slice(0, MINI_PI_MAX_READ_CHARS);
  };
}
