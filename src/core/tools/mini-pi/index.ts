/**
 * mini-pi's handlers, the tutorial's smaller read, bash, edit and write, built over the same Operations
 * as pi's tools (so the workspace they see is the same volume). Each is the tutorial's shape adapted to
 * pi's execute slot (handler.ts); what each leaves out is said in its own file.
 */
import type { HandlerSet } from "../handlers";
import type { ToolsOptions } from "../index";
import { createMiniPiBash } from "./bash";
import { createMiniPiEdit } from "./edit";
import { toExecute } from "./handler";
import { createMiniPiRead } from "./read";
import { createMiniPiWrite } from "./write";

export const MINI_PI_HANDLER = "mini-pi";

export function createMiniPiHandlers(
  cwd: string,
  options: Pick<ToolsOptions, "read" | "bash" | "edit" | "write">,
): HandlerSet {
  return {
    read: toExecute(createMiniPiRead(cwd, options.read.operations)),
    bash: toExecute(createMiniPiBash(cwd, options.bash.operations)),
    edit: toExecute(createMiniPiEdit(cwd, options.edit.operations)),
    write: toExecute(createMiniPiWrite(cwd, options.write.operations)),
  };
}
