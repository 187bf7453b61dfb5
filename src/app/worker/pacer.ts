/**
 * Flow control between the session worker and the page. A scenario played with no pauses makes events
 * far faster than a page can show them: on a 2-core machine the worker, the page and the browser's
 * raster threads then share the CPU, and a page task that needs 15 ms of CPU took 45 ms of wall time
 * (measured in a Chromium trace of a 10,000-event burst: thread time a third to half of wall time).
 * So the player waits, between steps, until the page says it has taken in and drawn everything sent so
 * far; the worker then works while the page is idle instead of against it.
 *
 * The page acknowledges after its next frame (or at once when hidden, where frames stop). A page that
 * never answers (stuck, or a host without acknowledgements) costs a step at most `timeoutMs`, never a
 * stall.
 */
export interface Pacer {
  /** the newest event sequence number posted to the page */
  sent(seq: number): void;
  /** the page has taken in every event up to `seq` */
  acked(seq: number): void;
  /** resolves once the page has acknowledged everything sent, after `timeoutMs`, or on abort */
  caughtUp(signal?: AbortSignal): Promise<void>;
}

export function createPacer(timeoutMs = 1000): Pacer {
  let sent = -1;
  let acked = -1;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resume of waiting) resume();
  };
  return {
    sent(seq) {
      if (seq > sent) sent = seq;
    },
    acked(seq) {
      if (seq > acked) acked = seq;
      if (acked >= sent) wake();
    },
    caughtUp(signal) {
      if (acked >= sent || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", resume);
          waiting.delete(resume);
          resolve();
        };
        const timer = setTimeout(resume, timeoutMs);
        signal?.addEventListener("abort", resume, { once: true });
        waiting.add(resume);
      });
    },
  };
}
