import type { JsonProblem, JsonProblemCode } from "@state/json-error";
import { useId } from "react";
import { useT } from "../i18n";

/** The learner's own text a problem names, as it should be written (a word) or as it was (an escape). */
function quoted(what: JsonProblemCode): string | null {
  if (what.code === "unquotedValue" || what.code === "unquotedName") return `"${what.word}"`;
  if (what.code === "badEscape") return what.escape;
  return null;
}

/** Where the JSON breaks and what to do, in words: shown in the run bar, so it is in view whatever scrolls. */
export function JsonProblemText({ problem, prefix = "" }: { problem: JsonProblem; prefix?: string }) {
  const { t } = useT("callForm");
  const value = quoted(problem.what);
  return (
    <p>
      {t("notJson", { prefix, line: problem.line, column: problem.column })}{" "}
      <span className="muted">
        {t(`jsonProblem.${problem.what.code}`)}
        {value === null ? null : (
          <>
            {" "}
            <code>{value}</code>
          </>
        )}
      </span>
    </p>
  );
}

/** A JSON text box; when it does not parse, the breaking line with a caret under the column. */
export function JsonField({
  label,
  text,
  onChange,
  problem,
  problemId,
  rows = 7,
}: {
  label: string;
  text: string;
  onChange: (text: string) => void;
  problem: JsonProblem | null;
  /** the run bar's message, which says what is wrong in words */
  problemId: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={problem ? "is-invalid" : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        rows={rows}
        spellCheck={false}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <pre className="code-block json-problem__caret" aria-hidden="true">
          {problem.lineText}
          {"\n"}
          {`${" ".repeat(Math.max(0, problem.column - 1))}^`}
        </pre>
      ) : null}
    </div>
  );
}
