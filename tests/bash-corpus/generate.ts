/**
 * Writes expected.json: every corpus command run by GNU bash (`bash -c`) in a temp folder holding
 * CORPUS_FILES, stdout and stderr on one file descriptor (so their interleaving is exact, as pi sees it
 * through its merged pipes), plus the exit code and the files afterwards.
 *
 *   npx tsx tests/bash-corpus/generate.ts
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CORPUS_COMMANDS } from "./commands";
import { type CorpusExpectations, diffFiles, type FilesAfter } from "./files";
import { CORPUS_FILES } from "./fixtures";

const ENV = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: "/home/user", LC_ALL: "C.UTF-8", TZ: "UTC" };

function filesAfter(root: string): FilesAfter {
  const out: FilesAfter = {};
  const walk = (dir: string) => {
    const names = fs.readdirSync(dir).sort();
    for (const name of names) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full);
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) out[rel] = { symlink: fs.readlinkSync(full) };
      else if (stat.isDirectory()) {
        if (fs.readdirSync(full).length === 0) out[rel] = { dir: true };
        walk(full);
      } else out[rel] = fs.readFileSync(full, "utf8");
    }
  };
  walk(root);
  return out;
}

const version = spawnSync("bash", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
const result: CorpusExpectations = { bash: version, env: ENV, cases: {} };
for (const { id, command } of CORPUS_COMMANDS) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "bash-corpus-")));
  for (const [rel, content] of Object.entries(CORPUS_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  const outPath = path.join(os.tmpdir(), `bash-corpus-${id}.out`);
  const fd = fs.openSync(outPath, "w");
  const run = spawnSync("bash", ["-c", command], { cwd: dir, env: ENV, stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  const output = fs.readFileSync(outPath, "utf8").split(dir).join("<cwd>");
  fs.rmSync(outPath);
  result.cases[id] = {
    command,
    output,
    exitCode: run.status ?? -1,
    files: diffFiles(CORPUS_FILES, filesAfter(dir)),
  };
  fs.rmSync(dir, { recursive: true, force: true });
}
const target = path.join(path.dirname(new URL(import.meta.url).pathname), "expected.json");
fs.writeFileSync(target, `${JSON.stringify(result, null, 1)}\n`);
console.log(`wrote ${Object.keys(result.cases).length} cases to ${target} (${version})`);
