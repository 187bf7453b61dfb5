/**
 * Partial results from a running command's output, as pi sends them for bash: the first at once, then at
 * most one per interval (pi's 100 ms), with `flush` sending whatever is still owed when the command ends.
 * For an engine that cannot stream, `elapsed` reports how long the command has been running.
 */
import type { OutputAccumulator } from "./output-accumulator";
import type { TruncationResult } from "./truncate";

export interface OutputUpdateDetails {
  truncation?: TruncationResult;
  fullOutputPath?: string;
  /** Only on `elapsed` updates: milliseconds since the command started. */
  elapsedMs?: number;
}

export interface OutputUpdate {
  content: { type: "text"; text: string }[];
  details: OutputUpdateDetails;
}

export class UpdateThrottle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  private last = 0;

  constructor(
    private readonly output: OutputAccumulator,
    private readonly onUpdate: ((update: OutputUpdate) => void) | undefined,
    private readonly intervalMs: number,
  ) {}

  /** New output arrived: send it now if the interval has passed, else once it has. */
  schedule(): void {
    if (!this.onUpdate) return;
    this.dirty = true;
    const wait = this.intervalMs - (Date.now() - this.last);
    if (wait <= 0) {
      this.cancel();
      this.flush();
    } else
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, wait);
  }

  flush(): void {
    if (!this.onUpdate || !this.dirty) return;
    this.dirty = false;
    this.last = Date.now();
    const snapshot = this.output.snapshot({ persistIfTruncated: true });
    this.onUpdate({
      content: [{ type: "text", text: snapshot.content || "" }],
      details: {
        truncation: snapshot.truncation.truncated ? snapshot.truncation : undefined,
        fullOutputPath: snapshot.fullOutputPath,
      },
    });
  }

  /** A non-streaming engine is still running: say how long, with whatever output exists so far. */
  elapsed(elapsedMs: number): void {
    if (!this.onUpdate) return;
    const snapshot = this.output.snapshot();
    this.onUpdate({
      content: snapshot.content ? [{ type: "text", text: snapshot.content }] : [],
      details: { elapsedMs },
    });
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
