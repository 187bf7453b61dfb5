/** Right and wrong answers to the code exercises, for the runners' tests and the page's e2e test. */
import { EXERCISE_SKELETONS } from "../../common/lessons/skeletons";

export const WC_SOLUTION = EXERCISE_SKELETONS.wc.replace(
  "const lines = 0;\n      const words = 0;",
  'const lines = text === "" ? 0 : text.split("\\n").length - (text.endsWith("\\n") ? 1 : 0);\n' +
    "      const words = text.split(/\\s+/).filter(Boolean).length;",
);

/** Counts the newlines, as Unix wc does: a last line without one is missed. */
export const WC_NEWLINES_ONLY = EXERCISE_SKELETONS.wc
  .replace("const lines = 0;", 'const lines = text.split("\\n").length - 1;')
  .replace("const words = 0;", "const words = text.split(/\\s+/).filter(Boolean).length;");

export const SAFEPATH_SOLUTION = EXERCISE_SKELETONS.safepath
  .replace(
    "  // TODO\n  return p;",
    "  const abs = resolve(cwd, p);\n  const rel = relative(cwd, abs);\n" +
      '  if (rel.startsWith("..") || isAbsolute(rel)) throw new Error(`path outside cwd: $' +
      "{p}`);\n  return abs;",
  )
  .replace(
    "const tools = {\n  // TODO\n};",
    "const tools = {\n  read: readHandler,\n  write: writeHandler,\n};",
  )
  .replace(
    "  // TODO\n}",
    "  if (!Object.hasOwn(tools, name)) return `Error: unknown tool $" +
      "{name}`;\n  return tools[name](args);\n}",
  );

/** The classic slip: a prefix test, which `/workspace-evil` passes. */
export const SAFEPATH_PREFIX_CHECK = SAFEPATH_SOLUTION.replace(
  'const rel = relative(cwd, abs);\n  if (rel.startsWith("..") || isAbsolute(rel))',
  "if (!abs.startsWith(cwd))",
);
