/**
 * "Run backend self-test": a short form of the Operations contract (tests/contract/) run against the
 * live backend, in a scratch folder of the workspace that bash removes at the end. Each check says pass
 * or fail with what it saw; nothing here throws. The full contract runs in Node; this one is for the
 * real WebContainer, which only a browser online can reach.
 */
import { utf8Decode } from "@core/bytes";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import { createEditToolDefinition } from "@core/tools/edit";
import type { ToolsOptions } from "@core/tools/index";

export interface SelfTestResult {
  /** a stable id (the page words it) */
  id: string;
  ok: boolean;
  /** what was seen when it failed (English, the backend's own text) */
  detail?: string;
}

const SCRATCH = ".backend-self-test";

async function expectError(work: () => unknown, text: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== text) throw new Error(`expected "${text}", got "${message}"`);
    return;
  }
  throw new Error(`expected "${text}", got no error`);
}

function check(condition: boolean, seen: string) {
  if (!condition) throw new Error(seen);
}

export async function runSelfTest(tools: ToolsOptions, root: string): Promise<SelfTestResult[]> {
  const dir = `${root}/${SCRATCH}`;
  const p = (name: string) => `${dir}/${name}`;
  const read = async (path: string) => utf8Decode(await tools.read.operations.readFile(path));
  const checks: [string, () => Promise<void>][] = [
    ["mkdir", () => tools.write.operations.mkdir(p("sub/deeper"))],
    [
      "writeRead",
      async () => {
        await tools.write.operations.writeFile(p("a.txt"), "one\r\ntwo\n");
        const text = await read(p("a.txt"));
        check(text === "one\r\ntwo\n", JSON.stringify(text));
      },
    ],
    [
      "unicodeName",
      async () => {
        await tools.write.operations.writeFile(p("ünï 文件 🚀.txt"), "héllo 世界");
        const names = await tools.ls.operations.readdir(dir);
        check(names.includes("ünï 文件 🚀.txt"), names.join(", "));
      },
    ],
    [
      "binary",
      async () => {
        const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
        await tools.edit.operations.writeBytes?.(p("bin.dat"), bytes);
        const back = await tools.read.operations.readFile(p("bin.dat"));
        check(back.length === 256 && back.every((b, i) => b === i), `${back.length} bytes, not 0..255`);
      },
    ],
    [
      "missingFile",
      () =>
        expectError(
          () => tools.read.operations.access(p("nope.txt")),
          `ENOENT: no such file or directory, access '${p("nope.txt")}'`,
        ),
    ],
    [
      "mkdirUnderFile",
      () =>
        expectError(
          () => tools.write.operations.mkdir(p("a.txt")),
          `EEXIST: file already exists, mkdir '${p("a.txt")}'`,
        ),
    ],
    [
      "listAndStat",
      async () => {
        check((await tools.ls.operations.stat(p("sub"))).isDirectory(), "sub is not a directory");
        check(!(await tools.ls.operations.stat(p("a.txt"))).isDirectory(), "a.txt is a directory");
        const entries = await tools.grep.operations.readdir(dir);
        check(entries.find((e) => e.name === "sub")?.kind === "directory", JSON.stringify(entries));
      },
    ],
    [
      "largeFile",
      async () => {
        const big = "0123456789abcdef".repeat(65536);
        await tools.write.operations.writeFile(p("big.txt"), big);
        const back = await read(p("big.txt"));
        check(back === big, `${back.length} of ${big.length} characters came back`);
      },
    ],
    [
      "concurrentEdits",
      async () => {
        const lines = Array.from({ length: 10 }, (_, i) => `<m${i}>`);
        await tools.write.operations.writeFile(p("many.txt"), lines.join("\n"));
        const edit = createEditToolDefinition(root, {
          ...tools.edit,
          mutationQueue: createFileMutationQueue(),
        });
        await Promise.all(
          lines.map((line, i) =>
            edit.execute(
              `self-${i}`,
              { path: p("many.txt"), edits: [{ oldText: line, newText: `${line}!` }] },
              undefined,
              undefined,
              undefined,
            ),
          ),
        );
        const after = await read(p("many.txt"));
        check(after === lines.map((l) => `${l}!`).join("\n"), after);
      },
    ],
    [
      "bash",
      async () => {
        let out = "";
        const { exitCode } = await tools.bash.operations.exec(`cat ${SCRATCH}/a.txt; exit 3`, root, {
          onData: (d) => {
            out += utf8Decode(d);
          },
          timeout: 20,
        });
        check(
          exitCode === 3 && out.replace(/\r/g, "") === "one\ntwo\n",
          `exit ${exitCode}, output ${JSON.stringify(out)}`,
        );
      },
    ],
  ];
  const results: SelfTestResult[] = [];
  for (const [id, run] of checks) {
    try {
      await run();
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  await tools.bash.operations
    .exec(`rm -rf ${SCRATCH}`, root, { onData: () => {}, timeout: 20 })
    .catch(() => {});
  return results;
}
