/**
 * mini-pi's write: safePath, the parent folder, the file. No mutation queue: two writes of one file in
 * one batch race, and the last to finish wins.
 */
import { dirnamePath } from "../../path-utils";
import type { WriteOperations } from "../write";
import type { MiniPiHandler } from "./handler";
import { safePath } from "./safe-path";

export function createMiniPiWrite(
  cwd: string,
  ops: Pick<WriteOperations, "mkdir" | "writeFile">,
): MiniPiHandler {
  return async (input) => {
    const path = String(input.path ?? "");
    const content = String(input.content ?? "");
    const abs = safePath(path, cwd);
    await ops.mkdir(dirnamePath(abs));
    await ops.writeFile(abs, content);
    return `Wrote ${content.length} characters to ${path}`;
  };
}
