/// <reference lib="webworker" />
// "Compare backends" runs here, one worker per run: the learner's session worker is never asked, and a
// run that ignores its abort is ended by ending this worker (compare-page.ts).

import type { CompareWorkerIn, CompareWorkerOut } from "../../common/side-by-side/compare-messages";
import { createBrowserImageResizer } from "../image-resizer";
import { runCompare } from "./compare-backends";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const controller = new AbortController();
const post = (message: CompareWorkerOut) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<CompareWorkerIn>) => {
  const m = event.data;
  if (m.type === "cancel") return controller.abort();
  runCompare(m.scenario, m.a, m.b, {
    signal: controller.signal,
    pi: m.pi,
    containerPort: m.port,
    ...(m.wire ? { wire: m.wire } : {}),
    extras: { imageResizer: createBrowserImageResizer(), autoResizeImages: true },
  }).then(
    (result) => post({ type: "done", result }),
    (error: unknown) =>
      post({
        type: "failed",
        message: error instanceof Error ? error.message : String(error),
        aborted: error instanceof Error && error.name === "AbortError",
      }),
  );
};
