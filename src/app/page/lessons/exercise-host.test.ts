import { describe, expect, it } from "vitest";
import type { FromExerciseWorker, ToExerciseWorker } from "../../common/lessons/exercise-protocol";
import { createExerciseRunner, type ExerciseWorkerLike, STUCK_AFTER_MS } from "./exercise-host";

/** A fake worker the test answers by hand, and timers the test advances. */
function harness() {
  let clock = 0;
  let queue: { at: number; run: () => void }[] = [];
  const timers = {
    setTimeout: (run: () => void, ms: number) => {
      const t = { at: clock + ms, run };
      queue.push(t);
      return t;
    },
    clearTimeout: (handle: unknown) => {
      queue = queue.filter((t) => t !== handle);
    },
  };
  const advance = (ms: number) => {
    const until = clock + ms;
    for (;;) {
      const due = queue.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      queue = queue.filter((t) => t !== due);
      clock = due.at;
      due.run();
    }
    clock = until;
  };
  const workers: (ExerciseWorkerLike & { sent: ToExerciseWorker[]; terminated: boolean })[] = [];
  const spawn = () => {
    const w = {
      sent: [] as ToExerciseWorker[],
      terminated: false,
      onmessage: null as ExerciseWorkerLike["onmessage"],
      onerror: null as ExerciseWorkerLike["onerror"],
      postMessage(m: ToExerciseWorker) {
        this.sent.push(m);
      },
      terminate() {
        this.terminated = true;
      },
    };
    workers.push(w as never);
    return w as unknown as ExerciseWorkerLike;
  };
  const say = (i: number, data: FromExerciseWorker) =>
    (workers[i].onmessage as ((e: MessageEvent) => void) | null)?.({ data } as MessageEvent);
  /** the sandboxes started beside the workers: each answers pings while `alive` */
  const sandboxes: { alive: boolean; disposed: boolean }[] = [];
  const sandbox = async () => {
    const s = { alive: true, disposed: false };
    sandboxes.push(s);
    return {
      port: {} as MessagePort,
      ping: () => (s.alive ? Promise.resolve() : new Promise<void>(() => {})),
      dispose: () => {
        s.disposed = true;
      },
    };
  };
  const runner = createExerciseRunner({ spawn, sandbox, timers, now: () => clock });
  return { runner, workers, sandboxes, say, advance };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the exercise worker's host", () => {
  it("sends the run and answers with the worker's report", async () => {
    const { runner, workers, say } = harness();
    const report = runner.run("wc", "source");
    await flush();
    expect(workers[0].sent[0]).toEqual({ kind: "run", id: 1, exercise: "wc", source: "source" });
    say(0, { kind: "ready" });
    say(0, { kind: "report", id: 1, report: { kind: "tests", tests: [] } });
    expect(await report).toEqual({ kind: "tests", tests: [] });
  });

  it("ends a worker that stops answering pings, says for how long, and starts a new one next time", async () => {
    const { runner, workers, say, advance } = harness();
    const report = runner.run("safepath", "while (true) {}");
    await flush();
    say(0, { kind: "ready" });
    advance(STUCK_AFTER_MS - 300);
    expect(workers[0].terminated).toBe(false);
    expect(workers[0].sent.some((m) => m.kind === "ping")).toBe(true);
    advance(600);
    expect(workers[0].terminated).toBe(true);
    expect(await report).toEqual({ kind: "stuck", seconds: 3 });
    const next = runner.run("safepath", "fixed");
    await flush();
    expect(workers).toHaveLength(2);
    say(1, { kind: "report", id: 2, report: { kind: "tests", tests: [] } });
    expect((await next).kind).toBe("tests");
  });

  it("a worker that answers its pings is never ended, however long the run", async () => {
    const { runner, workers, say, advance } = harness();
    const report = runner.run("wc", "slow but alive");
    await flush();
    say(0, { kind: "ready" });
    for (let i = 0; i < 40; i++) {
      advance(250);
      say(0, { kind: "pong" });
      await flush();
    }
    expect(workers[0].terminated).toBe(false);
    say(0, { kind: "report", id: 1, report: { kind: "tests", tests: [] } });
    expect((await report).kind).toBe("tests");
  });

  it("ends the worker and its sandbox when the sandbox stops answering (the learner's loop is there)", async () => {
    const { runner, workers, sandboxes, say, advance } = harness();
    const report = runner.run("safepath", "while (true) {}");
    await flush();
    expect(workers[0].sent[1]).toEqual({ kind: "sandbox" });
    say(0, { kind: "ready" });
    advance(250);
    await flush();
    sandboxes[0].alive = false;
    for (let i = 0; i < 14; i++) {
      advance(250);
      say(0, { kind: "pong" });
      await flush();
    }
    expect(workers[0].terminated).toBe(true);
    expect(sandboxes[0].disposed).toBe(true);
    expect(await report).toEqual({ kind: "stuck", seconds: 3 });
    runner.run("wc", "fixed");
    await flush();
    expect(sandboxes).toHaveLength(2);
  });

  it("a failure of the runner itself rejects with its message", async () => {
    const { runner, say } = harness();
    const report = runner.run("wc", "x");
    await flush();
    say(0, { kind: "failed", id: 1, message: "chunk failed" });
    await expect(report).rejects.toThrow("chunk failed");
  });
});
