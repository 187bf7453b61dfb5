/** A problem in a learner's file, at a place in it when there is one (1-based line, 0-based column). */
export interface ToolDiagnostic {
  /** a stable code the page words (toolEditor namespace); `message` is the English detail */
  code:
    | "syntax"
    | "unsupported"
    | "import"
    | "load"
    | "noDefault"
    | "noTool"
    | "definition"
    | "schema"
    | "clash"
    | "piApi";
  message: string;
  line?: number;
  column?: number;
}
