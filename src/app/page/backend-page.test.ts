import type { SessionCommand } from "@agent/protocol";
import { boot, type FakeWebContainer } from "@backends/webcontainer/fake";
import { afterEach, describe, expect, it } from "vitest";
import { bootWithin, createBackendPicker, missingPrerequisites, type PageEnvironment } from "./backend-page";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const isolated: PageEnvironment = {
  crossOriginIsolated: true,
  hasSharedArrayBuffer: true,
  isSecureContext: true,
  userAgent: CHROME,
};

/** Each test is a page of its own: what it booted is torn down after it (one instance per page). */
const booted: FakeWebContainer[] = [];
const bootPage = async () => {
  const container = await boot();
  booted.push(container);
  return container;
};
afterEach(() => {
  for (const container of booted.splice(0)) container.teardown();
});

function picker(
  env: PageEnvironment,
  bootFn: () => Promise<never> | ReturnType<typeof boot>,
  limitMs = 50,
  reachable?: () => Promise<boolean>,
) {
  const sent: SessionCommand[] = [];
  const p = createBackendPicker({
    send: (c) => sent.push(c),
    environment: () => env,
    boot: bootFn,
    serve: () => new MessageChannel().port2,
    limitMs,
    reachable,
  });
  return { p, sent };
}

describe("picking a backend on the page", () => {
  it("offline, says so at once without booting, and a pick once the network is back boots", async () => {
    let online = false;
    let boots = 0;
    const { p, sent } = picker(
      isolated,
      () => {
        boots++;
        return bootPage();
      },
      60_000,
      async () => online,
    );
    await p.pick("webcontainer");
    expect(p.status.getSnapshot()).toEqual({ status: "failed", reason: "offline" });
    expect(boots).toBe(0);
    expect(sent).toEqual([]);

    online = true;
    await p.pick("webcontainer");
    expect(boots).toBe(1);
    expect(p.status.getSnapshot()).toEqual({ status: "idle" });
    expect(sent.map((c) => c.type)).toEqual(["set_backend"]);
  });

  it("names every missing prerequisite", () => {
    expect(missingPrerequisites(isolated)).toEqual([]);
    expect(
      missingPrerequisites({
        crossOriginIsolated: false,
        hasSharedArrayBuffer: false,
        isSecureContext: false,
        userAgent: "curl/8",
      }),
    ).toEqual(["secureContext", "isolation", "sharedArrayBuffer", "browser"]);
  });

  it("a page that is not isolated gets the reason and no boot, and the session is not touched", async () => {
    let boots = 0;
    const { p, sent } = picker(
      { ...isolated, crossOriginIsolated: false, hasSharedArrayBuffer: false },
      () => {
        boots++;
        return bootPage();
      },
    );
    await p.pick("webcontainer");
    expect(p.status.getSnapshot()).toEqual({
      status: "failed",
      reason: "missing",
      missing: ["isolation", "sharedArrayBuffer"],
    });
    expect(boots).toBe(0);
    expect(sent).toEqual([]);
  });

  it("a boot that never settles ends at the limit, sends nothing, and later picks ask for a reload", async () => {
    const { p, sent } = picker(isolated, () => new Promise<never>(() => {}), 30);
    await p.pick("webcontainer");
    expect(p.status.getSnapshot()).toEqual({ status: "failed", reason: "timeout", limitMs: 30 });
    await p.pick("webcontainer");
    expect(p.status.getSnapshot()).toEqual({ status: "failed", reason: "stuck" });
    expect(sent).toEqual([]);
  });

  it("a boot that fails says why; a booted container is handed to the session with the tools named", async () => {
    const failing = picker(isolated, () => Promise.reject(new Error("Unable to create more instances")));
    await failing.p.pick("webcontainer");
    expect(failing.p.status.getSnapshot()).toMatchObject({
      reason: "bootError",
      message: "Unable to create more instances",
    });
    const { p, sent } = picker(isolated, bootPage);
    await p.pick("webcontainer", ["bash"]);
    expect(sent[0]).toMatchObject({
      type: "set_backend",
      backend: "webcontainer",
      source: "port",
      tools: ["bash"],
    });
    expect(p.status.getSnapshot()).toEqual({ status: "idle" });
  });

  it("bootWithin gives the value when it comes in time", async () => {
    expect(await bootWithin(async () => 7, 50)).toBe(7);
    expect(await bootWithin(() => new Promise(() => {}), 10)).toBeUndefined();
  });

  it("tells Compare backends whether the container can be a side: missing, not booted, stuck, booted", async () => {
    const bare = picker({ ...isolated, crossOriginIsolated: false }, bootPage);
    expect(bare.p.compareContainer()).toEqual({ ok: false, reason: "missing", missing: ["isolation"] });
    const { p } = picker(isolated, bootPage);
    expect(p.compareContainer()).toEqual({ ok: false, reason: "notBooted" });
    expect(p.serveForCompare()).toBeUndefined();
    await p.pick("webcontainer");
    expect(p.compareContainer()).toEqual({ ok: true, fake: false });
    expect(p.serveForCompare()).toBeDefined();
    const hung = picker(isolated, () => new Promise<never>(() => {}), 20);
    await hung.p.pick("webcontainer");
    expect(hung.p.compareContainer()).toEqual({ ok: false, reason: "stuck" });
  });
});
