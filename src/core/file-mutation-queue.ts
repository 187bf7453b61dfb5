/**
 * Per-file serialisation of mutations, as pi 0.73.1 does it (`dist/core/tools/file-mutation-queue.js`):
 * calls on the same key run one after another in arrival order, different keys run in parallel, a
 * rejected call does not block the ones behind it, and a key's entry disappears with its last waiter.
 * Only edit and write use it; read, grep, find and ls can see a half-finished edit, as in pi.
 *
 * Deviations from pi:
 * - pi keeps one module-global map. Here a queue is an instance (`createFileMutationQueue`) that tools
 *   take in their options, so two sessions never share one; `withFileMutationQueue` without a queue
 *   uses a default instance, like pi's global.
 * - Each queue reports wait / acquire / release to an optional observer, so the playground can draw
 *   the waits on its timeline (pi announces nothing).
 * - The key comes from the backend's optional `realpath` (see `fileMutationKey`) instead of
 *   `realpathSync.native`, with pi's fallback to the resolved path when it throws.
 */

export type MutationQueueEventType = "wait" | "acquire" | "release";

export interface MutationQueueEvent {
  type: MutationQueueEventType;
  /** The file key (realpath, or the resolved path when realpath failed). */
  key: string;
  /** Who asked (a tool call id, when the tool knows it). */
  owner?: string;
  /** Calls queued on this key at the time of the event, the running one included. */
  depth: number;
}

export type MutationQueueObserver = (event: MutationQueueEvent) => void;

export interface FileMutationQueue {
  /** Runs `fn` once every earlier call on `key` has settled; its result or rejection is passed through. */
  run<T>(key: string, fn: () => Promise<T>, owner?: string): Promise<T>;
  /** Replaces the observer (undefined removes it). */
  setObserver(observer: MutationQueueObserver | undefined): void;
  /** Keys that have a running or waiting call. */
  activeKeys(): string[];
}

export function createFileMutationQueue(observer?: MutationQueueObserver): FileMutationQueue {
  // key → the tail of the chain and how many calls hold or wait for it.
  const chains = new Map<string, { tail: Promise<void>; depth: number }>();
  let notify = observer;

  const emit = (type: MutationQueueEventType, key: string, depth: number, owner?: string) => {
    if (!notify) return;
    try {
      notify(owner === undefined ? { type, key, depth } : { type, key, owner, depth });
    } catch {
      // An observer's failure must not break the file operation it watches.
    }
  };

  return {
    async run<T>(key: string, fn: () => Promise<T>, owner?: string): Promise<T> {
      const entry = chains.get(key);
      const previous = entry?.tail ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const depth = (entry?.depth ?? 0) + 1;
      chains.set(key, { tail: previous.then(() => mine), depth });
      if (entry) emit("wait", key, depth, owner);
      await previous;
      emit("acquire", key, chains.get(key)?.depth ?? 1, owner);
      try {
        return await fn();
      } finally {
        const current = chains.get(key);
        const remaining = (current?.depth ?? 1) - 1;
        if (current && remaining === 0) chains.delete(key);
        else if (current) current.depth = remaining;
        release();
        emit("release", key, remaining, owner);
      }
    },
    setObserver(next) {
      notify = next;
    },
    activeKeys() {
      return [...chains.keys()];
    },
  };
}

/** The queue tools use when their options bring none (pi's module-global one). */
export const defaultFileMutationQueue: FileMutationQueue = createFileMutationQueue();

/** pi's exported helper: serialise `fn` per file on the given queue (the default one otherwise). */
export function withFileMutationQueue<T>(
  key: string,
  fn: () => Promise<T>,
  queue: FileMutationQueue = defaultFileMutationQueue,
): Promise<T> {
  return queue.run(key, fn);
}

/**
 * The key pi would use: the real path of the file, or the resolved path when that fails (a file not
 * yet created, a backend without realpath). A not-yet-existing file reached through a symlinked folder
 * can therefore get a different key than its real path, as in pi.
 */
export async function fileMutationKey(
  absolutePath: string,
  realpath?: (absolutePath: string) => string | Promise<string>,
): Promise<string> {
  if (!realpath) return absolutePath;
  try {
    return await realpath(absolutePath);
  } catch {
    return absolutePath;
  }
}
