/**
 * The compromise table's rows: what mini-pi leaves out of pi's tools, in the tutorial's order, and the
 * shape of a "show me" answer (the same calls run once on pi's handlers and once on mini-pi's). The words
 * for each row live in the page's language files; this is data only.
 */

export const COMPROMISE_IDS = [
  "images",
  "offsetLimit",
  "truncationNotice",
  "symlinks",
  "async",
  "mutationQueue",
  "abortSignal",
  "cwdCheck",
  "blacklist",
  "defaultTimeout",
  "truncationDirection",
  "handlerSignature",
] as const;

export type CompromiseId = (typeof COMPROMISE_IDS)[number];

/** The tool whose handler each row is about. */
export const COMPROMISE_TOOL: Record<CompromiseId, "read" | "bash" | "edit" | "write"> = {
  images: "read",
  offsetLimit: "read",
  truncationNotice: "read",
  symlinks: "read",
  async: "bash",
  mutationQueue: "edit",
  abortSignal: "bash",
  cwdCheck: "read",
  blacklist: "bash",
  defaultTimeout: "bash",
  truncationDirection: "bash",
  handlerSignature: "edit",
};

export interface DemoCall {
  /** the call's toolCallId in its demo session */
  id: string;
  tool: string;
  args: Record<string, unknown>;
  isError: boolean;
  /** the result's text, or its head when long (then `tail` and `omitted` say the rest) */
  text: string;
  tail?: string;
  /** characters between the head and the tail that are not carried */
  omitted?: number;
  /** the whole text's length in characters */
  chars: number;
  /** a short digest of the whole text: two results differ even where only their cut middles do */
  hash?: string;
  /** image blocks in the result */
  images: number;
  /** tool_execution_update events the call sent while it ran */
  updates: number;
  /** the keys of the result's details (pi's edit: diff, firstChangedLine); none for mini-pi */
  detailKeys: string[];
  /** the result's structuredContent as JSON (pi 1.6.0's tools return it for programs, not the model) */
  structured?: string;
  /** milliseconds from the call's start to its end */
  ms: number;
}

export interface DemoSide {
  handler: string;
  calls: DemoCall[];
  /** watched files after the run: content, or null when missing */
  files: Record<string, string | null>;
  /** the timeout (seconds) each bash exec was given; null for none */
  execTimeouts: (number | null)[];
}

export interface CompromiseDemo {
  id: CompromiseId;
  pi: DemoSide;
  miniPi: DemoSide;
}
