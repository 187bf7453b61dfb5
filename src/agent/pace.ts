/**
 * The player's own pace: how long it waits, while playing, after each thing it shows, so that at 1× a
 * presenter can say a sentence about each step before the next one lands. The numbers are a reading pace,
 * not a model's: a scripted reply and most calls take milliseconds, which is too fast to follow.
 */

/** After a message (a prompt, a reply, a tool-set change): long enough to read one short line aloud. */
export const MESSAGE_PAUSE_MS = 800;
/**
 * After a reply that asks for calls, before they run: shorter than after a message, because the call's
 * result follows at once and holds the longest pause.
 */
export const CALL_PAUSE_MS = 500;
/** After a call result: the step a presenter explains (what came back, and that it goes to the model). */
export const RESULT_PAUSE_MS = 1200;

/**
 * With no pauses, how long the player works between two waits for the page (src/app/worker/pacer.ts).
 * Waiting before every step held each step to a frame of the page's: a message of 5,000 calls took 5,000
 * frames. Waiting once per slice lets the steps of a slice reach the page together (it draws the newest),
 * and keeps the worker free often enough to take an abort at once.
 */
export const PACE_SLICE_MS = 12;

/** What was shown last, which sets the pause before the next step (null: nothing to wait for). */
export type Beat = "message" | "call" | "result";

const PAUSES: Record<Beat, number> = {
  message: MESSAGE_PAUSE_MS,
  call: CALL_PAUSE_MS,
  result: RESULT_PAUSE_MS,
};

/**
 * The pause before the next step while playing: a step's own `delayMs` when it has one, else the pause
 * after what was shown last; both divided by the speed (0.5 = twice as long). Speed 0 ("no pauses")
 * waits for nothing (the page's flow control still holds the player once per PACE_SLICE_MS of work).
 */
export function pauseMs(after: Beat | null, speed: number, delayMs?: number): number {
  if (!(speed > 0)) return 0;
  if (delayMs !== undefined) return delayMs / speed;
  return after === null ? 0 : PAUSES[after] / speed;
}

/** Waits `ms`, or less when `signal` fires (the run is aborted, or the player is stopped). */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });
