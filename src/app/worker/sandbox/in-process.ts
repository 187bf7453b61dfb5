/**
 * A sandbox on the same thread, for Node: the tests and `npm run scenario` run a learner's tool through
 * the very channel the browser uses, over a MessageChannel whose other end is served right here. It
 * contains nothing (the code shares this process); in the browser the session worker asks the page for a
 * sandboxed iframe instead (worker.ts), and never loads this file.
 */
import { serveSandbox } from "../../sandbox/serve";
import type { SandboxConnector } from "./link";

export const inProcessSandbox: SandboxConnector = async () => {
  const channel = new MessageChannel();
  serveSandbox(channel.port2);
  (channel.port2 as { unref?: () => void }).unref?.();
  return channel.port1;
};
