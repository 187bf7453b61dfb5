/**
 * Keeps stdout and stderr in order between the top-level commands of a script.
 *
 * just-bash returns a script's stdout and stderr as two strings, so `cat nope; echo "rc=$?"` would read
 * `rc=1` before cat's error, where pi (two pipes into one callback) shows them in the order printed. This
 * transform plugin wraps each top-level pipeline in `{ …; } 2>&1`, which sends its stderr into stdout
 * at that point, so top-level commands keep their order. Inside one pipeline or compound command (a loop
 * body, an `if`), stderr still comes after that command's stdout.
 *
 * Only the top level is wrapped: a redirection the script puts on a compound command
 * (`for …; done 2>/dev/null`) still applies to everything inside it. A script with a single pipeline is
 * left alone (nothing to reorder); a statement with a deferred syntax error too. So is a script with a
 * here-document: just-bash's serializer puts the group's closing `; }` on the terminator line, which
 * breaks the script. A script that does not parse runs as written, so bash reports its own syntax error.
 */
import type { Bash, CommandNode, PipelineNode, ScriptNode, StatementNode } from "just-bash";

export interface InterleavePlugin {
  name: string;
  transform(context: { ast: ScriptNode; metadata: Record<string, unknown> }): {
    ast: ScriptNode;
    metadata: { interleaved: boolean };
  };
}

function mergeStderr(pipeline: PipelineNode): PipelineNode {
  const inner: StatementNode = {
    type: "Statement",
    pipelines: [{ ...pipeline, negated: false, timed: false }],
    operators: [],
    background: false,
  };
  const group = {
    type: "Group",
    body: [inner],
    redirections: [
      {
        type: "Redirection",
        fd: 2,
        operator: ">&",
        target: { type: "Word", parts: [{ type: "Literal", value: "1" }] },
      },
    ],
  } as unknown as CommandNode;
  return { ...pipeline, commands: [group], pipeStderr: undefined };
}

export function countTopLevelPipelines(ast: ScriptNode): number {
  return ast.statements.reduce((n, s) => n + s.pipelines.length, 0);
}

export const interleavePlugin: InterleavePlugin = {
  name: "pi-playground-interleave-stderr",
  transform({ ast }) {
    if (countTopLevelPipelines(ast) < 2) return { ast, metadata: { interleaved: false } };
    const statements = ast.statements.map((statement) =>
      statement.deferredError ? statement : { ...statement, pipelines: statement.pipelines.map(mergeStderr) },
    );
    return { ast: { ...ast, statements }, metadata: { interleaved: true } };
  },
};

// `<<` and `<<-` but not the here-string `<<<`.
const HEREDOC = /<<(?!<)/;

/**
 * The script to run: `command` with top-level stderr merged in order, or `command` itself.
 * `shell` has `interleavePlugin` registered; `plain` is a Bash without plugins, used to check that
 * just-bash's serializer reproduces this script faithfully (it does not always: it escapes the parentheses
 * of a `=~` regex, for one), by parsing its own output back and comparing the two syntax trees.
 */
export function interleaveScript(shell: Bash, plain: Bash, command: string): string {
  if (HEREDOC.test(command)) return command;
  try {
    const wrapped = shell.transform(command);
    if (wrapped.metadata.interleaved !== true) return command;
    const original = plain.transform(command);
    const reparsed = plain.transform(original.script);
    return sameTree(original.ast, reparsed.ast) ? wrapped.script : command;
  } catch {
    return command;
  }
}

function sameTree(a: ScriptNode, b: ScriptNode): boolean {
  const withoutLines = (_key: string, value: unknown) => (_key === "line" ? undefined : value);
  return JSON.stringify(a, withoutLines) === JSON.stringify(b, withoutLines);
}
