/**
 * Runs a compiled tool file in the session worker, as pi runs an extension in its own process: the
 * file's default export is called with a `pi` whose registerTool collects the definitions. This is no
 * security boundary (the code could patch globals); the worker is, and the page replaces it when a
 * tool blocks it (watchdog.ts).
 */
import type { ToolDiagnostic } from "./types";

const SOURCE_URL = "learner-tool.ts";

/** The lines `new Function` puts before the body (V8: 2), measured once so stack lines map back. */
const LINE_OFFSET = (() => {
  try {
    new Function(`throw new Error("probe")\n//# sourceURL=${SOURCE_URL}`)();
  } catch (e) {
    const m = new RegExp(`${SOURCE_URL.replace(".", "\\.")}:(\\d+)`).exec(String((e as Error).stack));
    if (m) return Number(m[1]) - 1;
  }
  return 0;
})();

/** The line in the learner's file that `error` was thrown from, when its stack says. */
export function errorLine(error: unknown): number | undefined {
  const stack = error instanceof Error ? String(error.stack) : "";
  const m = new RegExp(`${SOURCE_URL.replace(".", "\\.")}:(\\d+)`).exec(stack);
  return m ? Number(m[1]) - LINE_OFFSET : undefined;
}

/** The ExtensionAPI methods pi offers that a playground tool file cannot use. */
const OTHER_PI_API = [
  "on",
  "registerCommand",
  "registerShortcut",
  "registerFlag",
  "registerMessageRenderer",
  "sendMessage",
  "sendUserMessage",
  "appendEntry",
  "exec",
  "getActiveTools",
  "setActiveTools",
];

export type Evaluated = { ok: true; definitions: unknown[] } | { ok: false; diagnostics: ToolDiagnostic[] };

export async function evaluateToolFile(
  code: string,
  require: (specifier: string) => unknown,
): Promise<Evaluated> {
  const registered: unknown[] = [];
  const refused: ToolDiagnostic[] = [];
  const pi: Record<string, unknown> = {
    registerTool: (definition: unknown) => {
      registered.push(definition);
    },
  };
  for (const name of OTHER_PI_API)
    pi[name] = () => {
      const message = `pi.${name} is not available in the playground: a tool file here only calls pi.registerTool.`;
      refused.push({ code: "piApi", message });
      throw new Error(message);
    };
  const module = { exports: {} as Record<string, unknown> };
  try {
    new Function("require", "module", "exports", `${code}\n//# sourceURL=${SOURCE_URL}`)(
      require,
      module,
      module.exports,
    );
  } catch (error) {
    return { ok: false, diagnostics: [loadDiagnostic(error)] };
  }
  const factory = module.exports.default ?? module.exports;
  if (typeof factory !== "function")
    return {
      ok: false,
      diagnostics: [
        {
          code: "noDefault",
          message:
            "The file has no default export: write `export default function (pi) { pi.registerTool({ ... }) }`.",
        },
      ],
    };
  try {
    await factory(pi);
  } catch (error) {
    return { ok: false, diagnostics: refused.length > 0 ? refused : [loadDiagnostic(error)] };
  }
  if (registered.length === 0)
    return {
      ok: false,
      diagnostics: [
        { code: "noTool", message: "The default export ran but called pi.registerTool for no tool." },
      ],
    };
  return { ok: true, definitions: registered };
}

function loadDiagnostic(error: unknown): ToolDiagnostic {
  const line = errorLine(error);
  const isImport = error instanceof Error && error.name === "Error" && /^Cannot import "/.test(error.message);
  return {
    code: isImport ? "import" : "load",
    message: error instanceof Error ? error.message : String(error),
    ...(line ? { line } : {}),
  };
}
