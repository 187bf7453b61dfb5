/**
 * When the page acknowledges events to the session worker (flow control, see pacer.ts): once the frame
 * that shows them is drawn. A hidden tab draws no frames, so there it acknowledges at once, and a tab
 * hidden while an acknowledgement waits for its frame sends it then: otherwise a playing scenario would
 * wait (a second per step) until the tab is shown again.
 */
export interface VisibilitySource {
  readonly hidden: boolean;
  addEventListener(type: "visibilitychange", listener: () => void): void;
}

export function createAckScheduler(
  doc: VisibilitySource,
  afterFrame: (run: () => void) => void,
  soon: (run: () => void) => void = (run) => setTimeout(run, 0),
): (send: () => void) => void {
  const pending = new Set<() => void>();
  doc.addEventListener("visibilitychange", () => {
    if (doc.hidden) for (const send of [...pending]) send();
  });
  return (send) => {
    if (doc.hidden) return soon(send);
    const once = () => {
      if (pending.delete(once)) send();
    };
    pending.add(once);
    afterFrame(once);
  };
}
