import { afterEach, describe, expect, it } from "vitest";
import { type Handler, RpcPeer } from "./rpc";

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

/** Two peers over a real MessageChannel: `host` serves `hostHandlers`, `sandbox` serves `sandboxHandlers`. */
function pair(sandboxHandlers: Record<string, Handler>, hostHandlers: Record<string, Handler> = {}) {
  const channel = new MessageChannel();
  opened.push(channel.port1, channel.port2);
  return {
    host: new RpcPeer(channel.port1, hostHandlers),
    sandbox: new RpcPeer(channel.port2, sandboxHandlers),
  };
}

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
};

describe("the sandbox channel (rpc.ts)", () => {
  it("answers a call, and the other side can call back while it runs", async () => {
    let sandbox: RpcPeer | undefined;
    const peers = pair(
      { twice: async (n: number) => 2 * (await (sandbox as RpcPeer).call<number>("plus_one", n)) },
      { plus_one: (n: number) => n + 1 },
    );
    sandbox = peers.sandbox;
    expect(await peers.host.call("twice", 20)).toBe(42);
  });

  it("carries a thrown Error's name, message and code, a thrown value as itself, a function as its text", async () => {
    const { host } = pair({
      enoent: () => {
        throw Object.assign(new Error("ENOENT: no such file or directory, open '/x'"), { code: "ENOENT" });
      },
      type: () => {
        throw new TypeError("not a function");
      },
      object: () => {
        throw { code: 42 };
      },
      fn: () => {
        throw () => "nope";
      },
    });
    const enoent = (await caught(host.call("enoent", null))) as Error & { code: string };
    expect([enoent instanceof Error, enoent.message, enoent.code]).toEqual([
      true,
      "ENOENT: no such file or directory, open '/x'",
      "ENOENT",
    ]);
    expect(((await caught(host.call("type", null))) as Error).name).toBe("TypeError");
    // pi words a thrown value with String(): an object reads [object Object] on both sides.
    const object = await caught(host.call("object", null));
    expect([String(object), JSON.stringify(object)]).toEqual(["[object Object]", '{"code":42}']);
    expect(String(await caught(host.call("fn", null)))).toBe('() => "nope"');
  });

  it("streams updates to the caller before the answer, in order", async () => {
    const { host } = pair({
      count: async (n: number, ctx) => {
        for (let i = 1; i <= n; i++) ctx.update(i);
        return "done";
      },
    });
    const seen: unknown[] = [];
    expect(await host.call("count", 3, { onUpdate: (v) => seen.push(v) })).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("aborts the served call when the caller's signal aborts, and still delivers its answer", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { host } = pair({
      wait: (_args, ctx) =>
        new Promise((resolve) => {
          started();
          ctx.signal.addEventListener("abort", () => resolve("stopped on abort"));
        }),
    });
    const controller = new AbortController();
    const answer = host.call("wait", null, { signal: controller.signal });
    await running;
    controller.abort();
    expect(await answer).toBe("stopped on abort");
  });

  it("fails a call whose arguments, update or answer cannot be copied, saying what crosses", async () => {
    const { host } = pair({
      answer: () => ({ run: () => 1 }),
      update: (_args, ctx) => {
        ctx.update(() => 1);
        return "unreachable";
      },
    });
    const args = (await caught(host.call("answer", { f: () => 1 }))) as Error;
    expect(args.message).toContain("could not send its arguments across the sandbox boundary");
    const answer = (await caught(host.call("answer", null))) as Error;
    expect(answer.message).toContain("could not send its answer across the sandbox boundary");
    expect(answer.message).toContain("only plain data crosses it");
    const update = (await caught(host.call("update", null))) as Error;
    expect(update.message).toContain("could not send its update across the sandbox boundary");
  });

  it("refuses a call the other side does not serve, by name", async () => {
    const { host } = pair({});
    expect(((await caught(host.call("format_disk", null))) as Error).message).toBe(
      'The other side of the sandbox channel has no "format_disk".',
    );
  });

  it("on close, fails the calls waiting and every later call with the reason", async () => {
    const { host } = pair({ never: () => new Promise(() => {}) });
    const waiting = host.call("never", null);
    const reason = new Error("the page dropped the sandbox");
    host.close(reason);
    expect(await caught(waiting)).toBe(reason);
    expect(await caught(host.call("never", null))).toBe(reason);
    expect(host.closed).toBe(true);
  });
});
