/** The messages between the page and a compare worker (one worker per "Compare backends" run). */
import type { ModelChoice } from "@agent/drivers/model-presets";
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
      /** also give each side's next model request, written for this model */
      wire?: ModelChoice;
    }
  | { type: "cancel" };

/** Compare worker → page. */
export type CompareWorkerOut =
  | { type: "done"; result: CompareResult }
  | { type: "failed"; message: string; aborted: boolean };
