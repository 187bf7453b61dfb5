/**
 * The bash corpus: ~100 commands an agent typically runs, each through the bash tool on a fresh memfs
 * workspace, compared with what GNU bash printed for the same command on the same files (expected.json,
 * from generate.ts): the text the model would get (output, `(no output)`, `Command exited with code N`)
 * and the files afterwards. Commands listed in known-gaps.ts must still differ, so the list stays true.
 */
import { createMemfsBashOperations } from "@backends/memfs/bash";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createBashToolDefinition } from "@core/tools/bash";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_COMMANDS } from "./commands";
import expectations from "./expected.json";
import { type CorpusExpectations, diffFiles, type FilesAfter, type FilesDiff } from "./files";
import { CORPUS_FILES } from "./fixtures";
import { KNOWN_GAPS } from "./known-gaps";

const expected = expectations as CorpusExpectations;

/** What pi's bash tool makes of an output and exit code (docs/pi-contract.md §2.2). */
function asToolText(output: string, exitCode: number): string {
  const text = output || "(no output)";
  return exitCode === 0 ? text : `${text}\n\nCommand exited with code ${exitCode}`;
}

function filesOf(workspace: MemfsWorkspace): FilesAfter {
  const out: FilesAfter = {};
  const { fs, root } = workspace;
  const walk = (dir: string) => {
    for (const name of (fs.readdirSync(dir) as string[]).map(String).sort()) {
      const full = `${dir}/${name}`;
      const rel = full.slice(root.length + 1);
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) out[rel] = { symlink: String(fs.readlinkSync(full)) };
      else if (stat.isDirectory()) {
        if ((fs.readdirSync(full) as string[]).length === 0) out[rel] = { dir: true };
        walk(full);
      } else out[rel] = String(fs.readFileSync(full, "utf8"));
    }
  };
  walk(root);
  return out;
}

async function runThroughTool(command: string): Promise<{ text: string; files: FilesDiff }> {
  const workspace = createMemfsWorkspace(CORPUS_FILES);
  const ops = createMemfsBashOperations(workspace);
  const tool = createBashToolDefinition(workspace.root, { operations: ops, logOperations: ops });
  let text: string;
  try {
    const result = await tool.execute("corpus", { command, timeout: 10 }, undefined, undefined, undefined);
    text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  } catch (error) {
    text = (error as Error).message;
  }
  return {
    text: text.split(workspace.root).join("<cwd>"),
    files: diffFiles(CORPUS_FILES, filesOf(workspace)),
  };
}

const outcomes = new Map<string, boolean>();

describe("bash corpus vs GNU bash", () => {
  it("has an expectation for every command and at least 60 commands", () => {
    expect(CORPUS_COMMANDS.length).toBeGreaterThanOrEqual(60);
    for (const { id, command } of CORPUS_COMMANDS) expect(expected.cases[id]?.command, id).toBe(command);
  });

  it("lists only commands that exist as known gaps", () => {
    const ids = new Set(CORPUS_COMMANDS.map((c) => c.id));
    for (const id of Object.keys(KNOWN_GAPS)) expect(ids.has(id), id).toBe(true);
  });

  for (const { id, command } of CORPUS_COMMANDS) {
    const gap = KNOWN_GAPS[id];
    it(`${gap ? "[known gap] " : ""}${id}: ${command.split("\n")[0]}`, async () => {
      const want = expected.cases[id];
      const got = await runThroughTool(command);
      const wanted = { text: asToolText(want.output, want.exitCode), files: want.files };
      const same = JSON.stringify(got) === JSON.stringify(wanted);
      outcomes.set(id, same);
      if (gap) expect(same, `${id} now matches GNU bash: remove it from known-gaps.ts`).toBe(false);
      else expect(got).toEqual(wanted);
    });
  }

  afterAll(() => {
    const passed = [...outcomes.values()].filter(Boolean).length;
    const total = outcomes.size;
    const rate = total ? ((100 * passed) / total).toFixed(1) : "0";
    console.log(`bash corpus: ${passed}/${total} commands match GNU bash (${rate}%)`);
  });
});
