import type { SessionEvent } from "@agent/events";
import type { PageToWorker, WorkerToPage } from "@agent/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSessionWorker, type WorkerLike } from "./worker-client";

class FakeWorker implements WorkerLike {
  static made: FakeWorker[] = [];
  readonly id = FakeWorker.made.length;
  received: PageToWorker[] = [];
  terminated = false;
  onmessage: WorkerLike["onmessage"] = null;
  onerror: WorkerLike["onerror"] = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: PageToWorker) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** the worker talks to the page */
  say(data: WorkerToPage) {
    this.onmessage?.call(this as unknown as Worker, { data } as MessageEvent);
  }
}

const ready = (seq: number): WorkerToPage => ({
  kind: "event",
  event: {
    type: "session_ready",
    backend: "memfs",
    cwd: "/workspace",
    files: [],
    seq,
    ts: 0,
  } as SessionEvent,
});

beforeEach(() => {
  FakeWorker.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the session host", () => {
  it("keeps a spare worker loaded once the first one answers, and restarts onto it", () => {
    const host = startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: 500 });
    const seen: number[] = [];
    host.onEvent((e) => seen.push(e.seq));
    const [first] = FakeWorker.made;
    expect(FakeWorker.made).toHaveLength(1);
    first.say(ready(1));
    vi.advanceTimersByTime(499);
    expect(FakeWorker.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWorker.made).toHaveLength(2);
    const spare = FakeWorker.made[1];
    expect(spare.received).toEqual([]);

    first.say({ kind: "snapshot", files: { "a.txt": "hi\n" }, reason: "call" });
    expect(host.lastSnapshot()).toEqual({ files: { "a.txt": "hi\n" }, reason: "call" });
    host.restart({ type: "init", files: { "a.txt": "hi\n" } });
    expect(first.terminated).toBe(true);
    // No new worker had to load: the spare takes over and gets the workspace at once.
    expect(FakeWorker.made).toHaveLength(2);
    expect(spare.received).toEqual([
      { kind: "command", command: { type: "init", files: { "a.txt": "hi\n" } } },
    ]);
    host.send({ type: "abort" });
    expect(spare.received).toHaveLength(2);

    // The replaced worker is not heard any more; the new one is, and a next spare follows.
    first.say(ready(99));
    spare.say(ready(2));
    expect(seen).toEqual([1, 2]);
    vi.advanceTimersByTime(500);
    expect(FakeWorker.made).toHaveLength(3);
  });

  it("spawns a fresh worker when no spare is ready yet, and none at all when spares are off", () => {
    const host = startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1 });
    FakeWorker.made[0].say(ready(1));
    vi.advanceTimersByTime(10_000);
    expect(FakeWorker.made).toHaveLength(1);
    host.restart({ type: "init" });
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[1].received[0]).toEqual({ kind: "command", command: { type: "init" } });
  });

  it("shows every command to onSend before it is posted, a restart's init included", () => {
    const seen: string[] = [];
    const host = startSessionWorker({
      spawn: () => new FakeWorker(),
      spareDelayMs: -1,
      onSend: (command) => seen.push(`${command.type}:${FakeWorker.made.at(-1)?.received.length}`),
    });
    host.send({ type: "abort" });
    host.restart({ type: "init" });
    // each seen before its worker received it (0 messages there yet)
    expect(seen).toEqual(["abort:0", "init:0"]);
    expect(FakeWorker.made.map((w) => w.received.length)).toEqual([1, 1]);
  });

  it("answers a request from its reply, and fails one the replaced worker never answered", async () => {
    const host = startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1 });
    const [first] = FakeWorker.made;
    const read = host.request({ type: "read_file", path: "a.txt" });
    const lost = host.request({ type: "read_file", path: "b.txt" });
    expect(first.received).toEqual([
      { kind: "request", id: 1, request: { type: "read_file", path: "a.txt" } },
      { kind: "request", id: 2, request: { type: "read_file", path: "b.txt" } },
    ]);
    first.say({ kind: "reply", id: 1, result: { text: "hi\n" } });
    await expect(read).resolves.toEqual({ text: "hi\n" });
    host.restart({ type: "init" });
    await expect(lost).rejects.toThrow(/replaced/);
    const gone = host.request({ type: "read_file", path: "c.txt" });
    FakeWorker.made[1].say({ kind: "reply", id: 3, error: "ENOENT: c.txt" });
    await expect(gone).rejects.toThrow("ENOENT: c.txt");
  });

  it("acknowledges what it took in once per scheduled moment, with the newest event, to that worker only", () => {
    const moments: (() => void)[] = [];
    const host = startSessionWorker({
      spawn: () => new FakeWorker(),
      spareDelayMs: -1,
      scheduleAck: (send) => moments.push(send),
    });
    const [first] = FakeWorker.made;
    first.say(ready(1));
    first.say({
      kind: "events",
      events: [ready(2), ready(3)].map((m) => (m as { event: SessionEvent }).event),
    });
    expect(moments).toHaveLength(1);
    moments[0]();
    expect(first.received).toEqual([{ kind: "ack", seq: 3 }]);

    // An acknowledgement still pending when the worker is replaced is not sent to anyone.
    first.say(ready(4));
    host.restart({ type: "init" });
    moments[1]();
    expect(first.received).toEqual([{ kind: "ack", seq: 3 }]);
    const second = FakeWorker.made[1];
    second.say(ready(1));
    moments[2]();
    expect(second.received.at(-1)).toEqual({ kind: "ack", seq: 1 });
  });
});

describe("the session host's provider requests", () => {
  const request = {
    kind: "provider_request",
    id: 1,
    model: { id: "m", provider: "ollama", api: "openai-completions", baseUrl: "http://x" },
    context: { messages: [] },
    options: {},
  } as unknown as WorkerToPage;

  it("answers at once, with an error stop, when the page has no provider context", () => {
    startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1 });
    FakeWorker.made[0].say(request);
    const answer = FakeWorker.made[0].received.at(-1);
    expect(answer).toMatchObject({
      kind: "provider_event",
      id: 1,
      event: { type: "error", reason: "error" },
    });
  });

  it("hands requests to the provider context, forwards an abort, and aborts what a replaced worker asked", () => {
    const aborted: string[] = [];
    const replies: ((m: PageToWorker) => boolean)[] = [];
    const host = startSessionWorker({
      spawn: () => new FakeWorker(),
      spareDelayMs: -1,
      provider: {
        start(req, reply) {
          replies.push(reply);
          return () => aborted.push(`request ${req.id}`);
        },
      },
    });
    const first = FakeWorker.made[0];
    first.say(request);
    first.say({ ...request, id: 2 } as WorkerToPage);
    first.say({ kind: "provider_abort", id: 1 });
    expect(aborted).toEqual(["request 1"]);
    const event = { kind: "provider_event", id: 2, event: { type: "start" } } as unknown as PageToWorker;
    expect(replies[1](event)).toBe(true);
    expect(first.received.at(-1)).toBe(event);
    host.restart({ type: "init" });
    expect(aborted).toEqual(["request 1", "request 2"]);
    // The old worker is gone: its reply is refused, so the provider context stops streaming.
    expect(replies[1](event)).toBe(false);
  });

  it("starts a sandbox when the worker asks, pings it with the worker, and drops it with the worker", async () => {
    const frames: { alive: boolean; disposed: boolean; port: MessagePort }[] = [];
    const sandbox = async () => {
      const frame = { alive: true, disposed: false, port: {} as MessagePort };
      frames.push(frame);
      return {
        port: frame.port,
        ping: () => (frame.alive ? Promise.resolve() : new Promise<void>(() => {})),
        dispose: () => {
          frame.disposed = true;
        },
      };
    };
    const host = startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1, sandbox });
    const [first] = FakeWorker.made;
    first.say({ kind: "sandbox_request" });
    await vi.waitFor(() => expect(first.received).toContainEqual({ kind: "sandbox_port" }));
    expect(frames).toHaveLength(1);
    // A ping is answered only when both the worker and its sandbox answer.
    frames[0].alive = false;
    let answered = false;
    void host.ping().then(() => {
      answered = true;
    });
    const ping = first.received.findLast((m) => m.kind === "ping") as { id: number };
    first.say({ kind: "pong", id: ping.id });
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBe(false);
    host.restart({ type: "init" });
    expect(frames[0].disposed).toBe(true);
    // The new worker's pings do not wait for the old sandbox.
    const second = FakeWorker.made[1];
    void host.ping().then(() => {
      answered = true;
    });
    const next = second.received.findLast((m) => m.kind === "ping") as { id: number };
    second.say({ kind: "pong", id: next.id });
    await vi.waitFor(() => expect(answered).toBe(true));
  });

  it("tells the worker why when no sandbox could start", async () => {
    const sandbox = () => Promise.reject(new Error("no iframe here"));
    startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1, sandbox });
    const [first] = FakeWorker.made;
    first.say({ kind: "sandbox_request" });
    await vi.waitFor(() =>
      expect(first.received).toContainEqual({
        kind: "sandbox_port",
        error: expect.stringContaining("could not start the sandbox for your code (no iframe here)"),
      }),
    );
  });

  it("hands every event of a batch to every listener, though one listener throws on the first", () => {
    const host = startSessionWorker({ spawn: () => new FakeWorker(), spareDelayMs: -1 });
    const seen: number[] = [];
    host.onEvent((e) => {
      if (e.seq === 1) throw new Error("a broken listener");
    });
    host.onEvent((e) => seen.push(e.seq));
    const [first] = FakeWorker.made;
    first.say({
      kind: "events",
      events: [ready(1), ready(2)].map((m) => (m as { event: SessionEvent }).event),
    });
    expect(seen).toEqual([1, 2]);
    expect(() => vi.runAllTimers()).toThrow("a broken listener");
  });
});
