/**
 * A time limit for one grep or find call. pi's rg and fd have none; here the search runs in the session's
 * worker, and a search that does not end blocks every later call of the session. The engines are linear,
 * so a call should end long before this; the budget is what still ends it when a tree or a pattern is
 * slower than expected. It is checked cooperatively: in the walk (per directory and per entry) and in the
 * per-line loops of a file, so the worst overrun is one engine call on one line or one file's rest.
 */

/** How long one grep or find call may search (docs/deviations.md says why this figure). */
export const SEARCH_TIME_BUDGET_MS = 10_000;

export interface SearchBudget {
  /** Throws a SearchTimeoutError once the call has used its time. Cheap enough to call per line. */
  check(): void;
}

export class SearchTimeoutError extends Error {}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, "")} second${s === 1 ? "" : "s"}`;
}

/**
 * Starts the clock for one call of `tool`. `budgetMs` and `now` are for tests; `now` must count
 * milliseconds.
 */
export function startSearchBudget(
  tool: "grep" | "find",
  budgetMs = SEARCH_TIME_BUDGET_MS,
  now: () => number = () => performance.now(),
): SearchBudget {
  const deadline = now() + budgetMs;
  const advice =
    tool === "grep"
      ? "Search a smaller path, add a glob, or simplify the pattern, then try again."
      : "Search a smaller path or use a more specific pattern, then try again.";
  return {
    check() {
      if (now() >= deadline) {
        throw new SearchTimeoutError(
          `${tool} timed out after ${seconds(budgetMs)} without finishing the search (its time limit). ${advice}`,
        );
      }
    },
  };
}

/** For callers that give no budget. */
export const NO_BUDGET: SearchBudget = { check() {} };
