/**
 * pi's abort pattern for read, write, edit and ls: an already-aborted signal rejects at once, an abort
 * mid-way rejects immediately with `Operation aborted` while the work runs on and its result is dropped
 * (a write that has started still completes, as in pi).
 */
export const ABORTED_MESSAGE = "Operation aborted";

export function runAbortable<T>(
  signal: AbortSignal | undefined,
  work: (isAborted: () => boolean) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error(ABORTED_MESSAGE));
      return;
    }
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      reject(new Error(ABORTED_MESSAGE));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    work(() => aborted).then(
      (value) => {
        signal?.removeEventListener("abort", onAbort);
        if (!aborted) resolve(value);
      },
      (error: unknown) => {
        signal?.removeEventListener("abort", onAbort);
        if (!aborted) reject(error);
      },
    );
  });
}
