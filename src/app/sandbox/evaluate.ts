/**
 * Runs a compiled learner's file in the sandbox. A tool file's default export is called with a `pi`
 * whose registerTool collects the definitions, as pi runs an extension; an exercise's module is run for
 * its exports. The code could patch this worker's globals: that harms only the sandbox, which has no
 * storage and no network, and which the page drops when it blocks (docs/learner-tools.md).
 */
import type { ToolDiagnostic } from "../common/learner-tools/diagnostics";

const TOOL_URL = "learner-tool.ts";
const EXERCISE_URL = "exercise.ts";

const atLine = (url: string) => new RegExp(`${url.replace(".", "\\.")}:(\\d+)`);

/** The lines `new Function` puts before the body (V8: 2), measured once so stack lines map back. */
const LINE_OFFSET = (() => {
  try {
    new Function(`throw new Error("probe")\n//# sourceURL=${TOOL_URL}`)();
  } catch (e) {
    const m = atLine(TOOL_URL).exec(String((e as Error).stack));
    if (m) return Number(m[1]) - 1;
  }
  return 0;
})();

/** The line in the learner's file (named `url` when it ran) that `error` was thrown from, when its stack says. */
function errorLine(error: unknown, url = TOOL_URL): number | undefined {
  const stack = error instanceof Error ? String(error.stack) : "";
  const m = atLine(url).exec(stack);
  return m ? Number(m[1]) - LINE_OFFSET : undefined;
}

/** A thrown value as the learner would read it (an Error's message; anything else as it prints). */
function thrownText(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Runs `code` as a CommonJS module body, `url` naming it in stack traces. */
function run(code: string, url: string, require: (specifier: string) => unknown) {
  const module = { exports: {} as Record<string, unknown> };
  new Function("require", "module", "exports", `${code}\n//# sourceURL=${url}`)(
    require,
    module,
    module.exports,
  );
  return module.exports;
}

export type LoadedModule =
  | { ok: true; exports: Record<string, unknown> }
  | { ok: false; diagnostics: ToolDiagnostic[] };

/** An exercise's file, run once to collect its exports; a throw while loading is a problem at its line. */
export function loadModuleFile(code: string, require: (specifier: string) => unknown): LoadedModule {
  try {
    return { ok: true, exports: run(code, EXERCISE_URL, require) };
  } catch (error) {
    const line = errorLine(error, EXERCISE_URL);
    return {
      ok: false,
      diagnostics: [{ code: "load", message: thrownText(error), ...(line ? { line } : {}) }],
    };
  }
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
  let exports: Record<string, unknown>;
  try {
    exports = run(code, TOOL_URL, require);
  } catch (error) {
    return { ok: false, diagnostics: [loadDiagnostic(error)] };
  }
  const factory = exports.default ?? exports;
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
