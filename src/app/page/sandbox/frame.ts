/**
 * The page's part of the sandbox: a hidden `<iframe sandbox="allow-scripts">` whose document starts one
 * worker, where the learner's code runs. Without `allow-same-origin` the iframe's origin is opaque, so its
 * worker has no IndexedDB, no cache and no cookies of ours; the CSP its document carries blocks fetch,
 * WebSocket and any script from the network. The page hands the worker's code over as text (the iframe
 * could not fetch it) and two ports: one goes on to a host worker (the session or exercise worker,
 * which then talks to the sandbox directly), the other stays here for the watchdog's pings.
 *
 * A srcdoc iframe inherits the page's policy container, cross-origin isolation included, so it loads
 * under the page's COOP/COEP headers without a file of its own (docs/learner-tools.md, "Where it runs").
 */

export interface SandboxFrame {
  /** the host's end of the channel: transfer it to the worker that will call the sandbox */
  readonly port: MessagePort;
  /** resolves when the sandbox's thread answers; never, while the learner's code holds it */
  ping(): Promise<void>;
  /** removes the iframe, which ends its worker whatever it is doing */
  dispose(): void;
}

const CSP = [
  "default-src 'none'",
  // the boot script below, the worker from its Blob, and the learner's code (new Function)
  "script-src 'unsafe-inline' 'unsafe-eval' blob:",
  "worker-src blob:",
  "connect-src 'none'",
].join("; ");

/** Waits for the code and the ports, starts the worker from a Blob, passes the ports on. */
const BOOT = `addEventListener("message", (event) => {
  if (event.source !== parent || !event.data || event.data.kind !== "pi-sandbox") return;
  const url = URL.createObjectURL(new Blob([event.data.code], { type: "text/javascript" }));
  const worker = new Worker(url, { name: "pi-learner-code" });
  worker.postMessage({ kind: "ports" }, [...event.ports]);
}, { once: true });`;

export const SANDBOX_SRCDOC = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${CSP}"><script>${BOOT}</script>`;

let code: Promise<string> | undefined;

/** The sandbox worker's code, built into one string (scripts/sandbox-bundle.ts), loaded on first use. */
function sandboxCode(): Promise<string> {
  code ??= import("virtual:sandbox-worker").then((m) => m.default);
  return code;
}

export async function createSandboxFrame(): Promise<SandboxFrame> {
  const text = await sandboxCode();
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.title = "Sandbox for your code";
  frame.hidden = true;
  frame.srcdoc = SANDBOX_SRCDOC;
  const loaded = new Promise<void>((resolve) =>
    frame.addEventListener("load", () => resolve(), { once: true }),
  );
  document.body.append(frame);
  await loaded;
  const host = new MessageChannel();
  const pings = new MessageChannel();
  frame.contentWindow?.postMessage({ kind: "pi-sandbox", code: text }, "*", [host.port2, pings.port2]);
  const waiting = new Map<number, () => void>();
  let count = 0;
  pings.port1.onmessage = (event: MessageEvent<number>) => {
    waiting.get(event.data)?.();
    waiting.delete(event.data);
  };
  return {
    port: host.port1,
    ping() {
      const id = ++count;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        pings.port1.postMessage(id);
      });
    },
    dispose() {
      pings.port1.close();
      host.port1.close();
      frame.remove();
    },
  };
}
