/**
 * Runs a compromise demo twice, each time in a fresh session of its own (the learner's session is not
 * touched, side-by-side/fresh-session.ts): once with every tool on pi's handler, once with read, bash, edit and write on mini-pi's.
 * The sessions' events are folded into a short account per call; the bash Operations are wrapped to
 * record the timeout each command was given.
 */
import type { MemfsToolExtras } from "@backends/memfs/index";
import { PI_HANDLER } from "@core/tools/handlers";
import type { ToolsOptions } from "@core/tools/index";
import type { CompromiseDemo, CompromiseId, DemoSide } from "@core/tools/mini-pi/compromises";
import { COMPROMISE_IDS } from "@core/tools/mini-pi/compromises";
import { MINI_PI_HANDLER } from "@core/tools/mini-pi/index";
import { foldCalls, freshSession } from "../side-by-side/fresh-session";
import { createPlaygroundTools } from "../tools";
import { DEMOS, type DemoScript } from "./demos";

const SWAPPED = ["read", "bash", "edit", "write"];

export type DemoExtras = Omit<MemfsToolExtras, "mutationQueue">;

export async function runCompromiseDemo(id: string, extras: DemoExtras = {}): Promise<CompromiseDemo> {
  if (!(COMPROMISE_IDS as readonly string[]).includes(id))
    throw new Error(`No compromise is called "${id}". Known: ${COMPROMISE_IDS.join(", ")}.`);
  const script = DEMOS[id as CompromiseId];
  const pi = await runSide(script, PI_HANDLER, extras);
  const miniPi = await runSide(script, MINI_PI_HANDLER, extras);
  return { id: id as CompromiseId, pi, miniPi };
}

async function runSide(script: DemoScript, handler: string, extras: DemoExtras): Promise<DemoSide> {
  const execTimeouts: (number | null)[] = [];
  const decorate = (options: ToolsOptions): ToolsOptions => {
    const ops = options.bash.operations;
    const exec: typeof ops.exec = (command, cwd, o) => {
      execTimeouts.push(o.timeout ?? null);
      return ops.exec(command, cwd, o);
    };
    return { ...options, bash: { ...options.bash, operations: { ...ops, exec } } };
  };
  const { playground, events } = freshSession({
    decorateToolOptions: decorate,
    createTools: (ws, queue) =>
      createPlaygroundTools(ws, queue, { autoResizeImages: false, ...extras }, decorate),
  });
  playground.handle({ type: "init", files: { ...script.files } });
  const { session, hand } = playground;
  if (handler !== PI_HANDLER) for (const tool of SWAPPED) session.tools.setToolHandler(tool, handler);

  let n = 0;
  for (const step of script.steps) {
    const calls = step.calls.map((c) => ({
      toolName: c.tool,
      args: JSON.stringify(c.args),
      toolCallId: `demo-${++n}`,
    }));
    const run = hand.runTurn({ calls });
    const timer =
      step.abortAfterMs !== undefined ? setTimeout(() => session.abort(), step.abortAfterMs) : undefined;
    await run;
    clearTimeout(timer);
  }

  const volume = session.workspace.volume;
  const root = volume.root;
  const files: Record<string, string | null> = {};
  for (const path of script.watch ?? []) {
    const abs = path.startsWith("/") ? path : `${root}/${path}`;
    files[path] = volume.fs.existsSync(abs) ? String(volume.fs.readFileSync(abs, "utf8")) : null;
  }
  const argsById = new Map<string, Record<string, unknown>>();
  n = 0;
  for (const step of script.steps) for (const c of step.calls) argsById.set(`demo-${++n}`, c.args);
  return { handler, calls: foldCalls(events, argsById), files, execTimeouts };
}
