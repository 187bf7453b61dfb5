/** The messages between the page and a compare worker (one worker per "Compare backends" run). */
import type { PiVersionId } from "@core/versions/ids";
import type { CompareBackend, CompareResult } from "@state/compare-backends";

/** Page → compare worker. */
export type CompareWorkerIn =
  | {
      type: "run";
      scenario: unknown;
      a: CompareBackend;
      b: CompareBackend;
      pi: readonly [PiVersionId, PiVersionId];
      port?: MessagePort;
    }
  | { type: "cancel" };

/** Compare worker → page. */
export type CompareWorkerOut =
  | { type: "done"; result: CompareResult }
  | { type: "failed"; message: string; aborted: boolean };
