/**
 * The code exercises' starting files. The wc skeleton is a pi extension file (it would run in pi too);
 * the safePath skeleton is the tutorial's "write it again from memory" file, cut down to the two parts
 * the page tests. Code text, so English (as tool descriptions are).
 */
import type { ExerciseId } from "@state/exercises";

const wc = `import { Type } from "typebox";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

export default function (pi) {
  pi.registerTool({
    name: "wc",
    label: "Word count",
    description: "Count the lines and words of a text file in the workspace.",
    parameters: Type.Object({
      path: Type.String({ description: "Path to the file, relative to the workspace" }),
    }),
    async execute(toolCallId, params, signal, onUpdate) {
      const text = await readFile(resolve(params.path), "utf8");
      // TODO: count the lines (a last line without "\\n" counts too) and the words
      const lines = 0;
      const words = 0;
      return {
        content: [{ type: "text", text: \`\${params.path}: \${lines} lines, \${words} words\` }],
        details: { lines, words },
      };
    },
  });
}
`;

const safepath = `import { isAbsolute, relative, resolve } from "node:path";
import { readFile, writeFile } from "node:fs/promises";

const CWD = "/workspace";

// 1. The absolute path of p (relative paths start at cwd); throw an Error when it is outside cwd.
export function safePath(cwd: string, p: string): string {
  // TODO
  return p;
}

async function readHandler(args: Record<string, unknown>) {
  return readFile(safePath(CWD, String(args.path ?? "")), "utf8");
}

async function writeHandler(args: Record<string, unknown>) {
  await writeFile(safePath(CWD, String(args.path ?? "")), String(args.content ?? ""));
  return \`Wrote \${args.path}\`;
}

// 2. The dispatch table: each tool's name points at its handler.
const tools = {
  // TODO
};

// 3. Find the handler by its exact name and call it; an unknown name is an error.
export async function dispatch(name: string, args: Record<string, unknown>) {
  // TODO
}
`;

export const EXERCISE_SKELETONS: Readonly<Record<ExerciseId, string>> = { wc, safepath };
