import { describe, expect, it } from "vitest";
import {
  createFileMutationQueue,
  fileMutationKey,
  type MutationQueueEvent,
  withFileMutationQueue,
} from "./file-mutation-queue";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("file mutation queue", () => {
  it("serialises calls on one key in arrival order", async () => {
    const queue = createFileMutationQueue();
    const log: string[] = [];
    const job = (name: string, delay: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run("/f", job("a", 10)), queue.run("/f", job("b", 0))]);
    expect(results).toEqual(["a", "b"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("runs different keys in parallel", async () => {
    const queue = createFileMutationQueue();
    const log: string[] = [];
    let releaseA!: () => void;
    const a = queue.run("/a", async () => {
      log.push("a started");
      await new Promise<void>((resolve) => {
        releaseA = resolve;
      });
      log.push("a done");
    });
    const b = queue.run("/b", async () => {
      log.push("b ran");
    });
    await b;
    expect(log).toEqual(["a started", "b ran"]);
    releaseA();
    await a;
  });

  it("does not let a rejection block the next caller, and forgets idle keys", async () => {
    const queue = createFileMutationQueue();
    const failing = queue.run("/f", async () => {
      throw new Error("boom");
    });
    const next = queue.run("/f", async () => "ok");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
    expect(queue.activeKeys()).toEqual([]);
  });

  it("reports wait, acquire and release to its observer", async () => {
    const events: MutationQueueEvent[] = [];
    const queue = createFileMutationQueue((event) => events.push(event));
    await Promise.all([
      queue.run("/f", async () => tick(), "call-1"),
      queue.run("/f", async () => tick(), "call-2"),
    ]);
    expect(events.map((e) => `${e.type}:${e.owner}:${e.depth}`)).toEqual([
      "wait:call-2:2",
      "acquire:call-1:2",
      "release:call-1:1",
      "acquire:call-2:1",
      "release:call-2:0",
    ]);
  });

  it("keeps separate instances independent", async () => {
    const one = createFileMutationQueue();
    const two = createFileMutationQueue();
    const order: string[] = [];
    let release!: () => void;
    const held = one.run("/f", () => new Promise<void>((resolve) => (release = resolve)));
    await two.run("/f", async () => {
      order.push("two ran while one held /f");
    });
    expect(order).toHaveLength(1);
    release();
    await held;
  });

  it("has pi's withFileMutationQueue on a default queue", async () => {
    await expect(withFileMutationQueue("/x", async () => 42)).resolves.toBe(42);
  });
});

describe("fileMutationKey", () => {
  it("uses realpath, falling back to the path when it throws or is absent", async () => {
    expect(await fileMutationKey("/w/link/a", async () => "/w/real/a")).toBe("/w/real/a");
    expect(
      await fileMutationKey("/w/new", () => {
        throw new Error("ENOENT");
      }),
    ).toBe("/w/new");
    expect(await fileMutationKey("/w/x")).toBe("/w/x");
  });
});
