/**
 * Opening a pi session file on the page (docs/pi-sessions.md): the file is read in a worker of its own
 * (app/worker/pi-session), which reports progress; the page then folds the events in slices, giving its
 * thread back between them, so a 30 MB file leaves the page answering input all along. Loaded on demand,
 * the first time a session file is opened.
 */
import type { SessionStores } from "@state/session-stores";
import type { WritableStore } from "@state/store";
import { loadNamespaces } from "@ui/i18n";
import type { PiRecording, ReplayLoading } from "@ui/Replay/replay-handle";
import type { ParseReply } from "../../common/pi-session/protocol";

export type ParsedSession = Extract<ParseReply, { kind: "done" }>;

/** Reads the file in the worker; `progress` hears the bytes read so far. */
export function readSessionFile(
  file: Blob & { name: string },
  progress: (bytes: number, total: number) => void,
) {
  return new Promise<ParsedSession>((resolve, reject) => {
    const worker = new Worker(new URL("../../worker/pi-session/parse-worker.ts", import.meta.url), {
      type: "module",
      name: "pi-session-reader",
    });
    worker.onmessage = (message: MessageEvent<ParseReply>) => {
      const reply = message.data;
      if (reply.kind === "progress") return progress(reply.bytes, reply.total);
      worker.terminate();
      if (reply.kind === "done") resolve(reply);
      else reject(new Error(reply.error));
    };
    worker.onerror = (error) => {
      worker.terminate();
      reject(new Error(error.message || "the reader's worker failed"));
    };
    worker.postMessage({ file, name: file.name });
  });
}

/** Folds `events` a slice at a time, yielding to the page's input between slices. */
export async function foldInSlices<T>(
  events: readonly T[],
  fold: (event: T, index: number) => void,
  progress: (done: number, total: number) => void,
  slice = 2000,
): Promise<void> {
  for (let i = 0; i < events.length; i += slice) {
    const end = Math.min(events.length, i + slice);
    for (let j = i; j < end; j++) fold(events[j], j);
    progress(end, events.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Whether the file starts with a pi session header (its first line), read from its first bytes only. */
export async function isPiSessionFile(file: Blob): Promise<boolean> {
  const head = await file.slice(0, 4096).text();
  const first = head.split("\n", 1)[0];
  return /^\s*\{\s*"type"\s*:\s*"session"/.test(first);
}

/** The file read and folded into fresh stores, or why not (its sentence in the piSession strings). */
export async function openSessionFile(
  file: Blob & { name: string },
  deps: { createStores(): SessionStores; loading: WritableStore<ReplayLoading | null> },
) {
  const show = (phase: ReplayLoading["phase"], done: number, total: number) =>
    deps.loading.set({ name: file.name, phase, done, total });
  show("reading", 0, file.size);
  const [parsed] = await Promise.all([
    readSessionFile(file, (bytes, total) => show("reading", bytes, total)),
    // The sentences about a session file, also those saying why it cannot be opened.
    loadNamespaces(["piSession"]),
  ]);
  if (parsed.problem === "unknownVersion")
    return { ok: false, problem: "piSessionVersion", version: parsed.version ?? undefined } as const;
  if (parsed.problem) return { ok: false, problem: "piSessionNoHeader" } as const;
  if (parsed.events.length === 0) return { ok: false, problem: "empty" } as const;
  const stores = deps.createStores();
  try {
    await foldInSlices(
      parsed.events,
      (event) => stores.ingest(event),
      (done, total) => show("drawing", done, total),
    );
  } catch {
    return { ok: false, problem: "cannotShow" } as const;
  }
  const recording: PiRecording = {
    version: parsed.version ?? 0,
    calls: parsed.calls,
    skipped: parsed.skipped,
    skippedCount: parsed.skippedCount,
    scenario: parsed.scenario,
  };
  return { ok: true, stores, events: parsed.events.length, recording } as const;
}
