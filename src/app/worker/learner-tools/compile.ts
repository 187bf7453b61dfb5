/**
 * Turns a learner's tool file into JavaScript the session worker can run: types stripped and `import`s
 * turned into `require` calls (answered by modules.ts), line numbers kept, so an error's line in the
 * running code is its line in the editor. sucrase (about 50 KB gzip) is loaded on first use, inside the
 * session worker only: the page's first bundle never carries it.
 */
import type { ToolDiagnostic } from "./types";

type Transform = typeof import("sucrase").transform;
let loading: Promise<Transform> | undefined;

function transformer(): Promise<Transform> {
  loading ??= import("sucrase").then((m) => m.transform);
  return loading;
}

/**
 * What sucrase would get wrong without a word: a namespace holding values is dropped, and a decorator is
 * passed through to a runtime that has none. Both are refused here, at their line.
 */
function unsupported(source: string): ToolDiagnostic[] {
  const out: ToolDiagnostic[] = [];
  source.split("\n").forEach((text, i) => {
    const ns = /^\s*(export\s+)?(namespace|module)\s+[A-Za-z_$][\w$.]*\s*\{/.exec(text);
    if (ns)
      out.push({
        code: "unsupported",
        message: `A ${ns[2]} declaration is not supported here: use plain functions and constants.`,
        line: i + 1,
        column: text.indexOf(ns[2]),
      });
    if (/^\s*@[A-Za-z_$]/.test(text))
      out.push({
        code: "unsupported",
        message: "Decorators are not supported here: call the function yourself instead.",
        line: i + 1,
        column: text.indexOf("@"),
      });
  });
  return out;
}

export type CompileResult = { ok: true; code: string } | { ok: false; diagnostics: ToolDiagnostic[] };

export async function compileToolSource(source: string): Promise<CompileResult> {
  const refused = unsupported(source);
  if (refused.length > 0) return { ok: false, diagnostics: refused };
  const transform = await transformer();
  try {
    const { code } = transform(source, {
      transforms: ["typescript", "imports"],
      disableESTransforms: true,
      filePath: "tool.ts",
    });
    return { ok: true, code };
  } catch (error) {
    const e = error as Error & { loc?: { line: number; column: number } };
    return {
      ok: false,
      diagnostics: [
        {
          code: "syntax",
          message: e.message.replace(/\s*\(\d+:\d+\)$/, ""),
          ...(e.loc ? { line: e.loc.line, column: e.loc.column } : {}),
        },
      ],
    };
  }
}
