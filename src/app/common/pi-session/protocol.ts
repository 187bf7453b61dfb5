/** What the pi session reader's worker (app/worker/pi-session) tells the page (app/page/pi-session). */
import type { SessionEvent } from "@agent/events";
import type { SkippedLine } from "@agent/pi-session/read";
import type { RecordedCall } from "@agent/pi-session/to-events";
import type { Scenario } from "@agent/scenario";

export type ParseReply =
  | { kind: "progress"; bytes: number; total: number }
  | {
      kind: "done";
      /** why the file cannot be shown, or null */
      problem: "noHeader" | "unknownVersion" | null;
      version: number | null;
      skipped: SkippedLine[];
      skippedCount: number;
      events: SessionEvent[];
      calls: RecordedCall[];
      /** the prompts and replies as a scenario, to play on the page; null when the file cannot be shown */
      scenario: Scenario | null;
    }
  | { kind: "failed"; error: string };
