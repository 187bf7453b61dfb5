/**
 * `npm run parity`: every recorded case (docs/parity.md) of one pi version (`PI_VERSION=0.73.1|1.6.0`,
 * default the project's default version) against our tools built with that version's profile, on memfs, or on the
 * WebContainer backend with `PARITY_BACKEND=webcontainer` (over the fake named by
 * `WEBCONTAINER_FAKE=<module exporting boot()>`, default the project's; bash cases are then listed apart,
 * since the container's shell is jsh, not bash). `PARITY_DIR=<dir>` replaces the
 * bundled cases with a directory holding `cases.json` and `golden/<any folder>/<id>.json`. Prints one
 * line per failing case with a short diff, then `parity: N passed, M failed` (known deviations count as
 * failed and are named as such).
 */
import { deviationReasons } from "../tests/parity/deviations";
import {
  compareWithGolden,
  DEFAULT_CASES_DIR,
  loadParitySuite,
  memfsParitySetup,
  type ParityCase,
  type ParitySetup,
  parityVersion,
  runParityCase,
} from "../tests/parity/runner";
import { loadFakeBoot, webContainerParitySetup } from "../tests/parity/webcontainer-setup";

const version = parityVersion(process.env.PI_VERSION);
const dir = process.env.PARITY_DIR || DEFAULT_CASES_DIR;
const { cases, goldens } = loadParitySuite(dir, version);
const deviations = deviationReasons(version);
const backend = process.env.PARITY_BACKEND || "memfs";
if (backend !== "memfs" && backend !== "webcontainer") {
  console.error(`PARITY_BACKEND must be memfs or webcontainer, not ${backend}`);
  process.exit(2);
}
const setup: ParitySetup =
  backend === "webcontainer"
    ? webContainerParitySetup(await loadFakeBoot(process.env.WEBCONTAINER_FAKE))
    : memfsParitySetup;
const usesBash = (c: ParityCase) => c.tool === "bash" || (c.calls ?? []).some((call) => call.tool === "bash");

async function check(parityCase: ParityCase): Promise<string[]> {
  const golden = goldens.get(parityCase.id);
  if (!golden) return [`no golden file for ${parityCase.id}`];
  try {
    return compareWithGolden(await runParityCase(parityCase, setup, version), golden);
  } catch (error) {
    return [`the case crashed: ${error instanceof Error ? error.message : String(error)}`];
  }
}

let passed = 0;
let failed = 0;
const bashApart = { matched: 0, differed: 0 };
for (const parityCase of cases) {
  const differences = await check(parityCase);
  const reason = deviations.get(parityCase.id);
  if (backend === "webcontainer" && usesBash(parityCase)) {
    if (differences.length === 0) bashApart.matched++;
    else {
      bashApart.differed++;
      console.log(`bash (jsh, not compared) ${parityCase.id}: ${differences[0]}`);
    }
    continue;
  }
  if (differences.length === 0 && !reason) {
    passed++;
    continue;
  }
  failed++;
  const label = reason ? `${parityCase.id} [known deviation: ${reason}]` : parityCase.id;
  const summary = differences.length === 0 ? "matches pi now (remove it from deviations.ts)" : differences[0];
  const more = differences.length > 1 ? ` (+${differences.length - 1} more)` : "";
  console.log(`FAIL ${label}: ${summary}${more}`);
}
if (backend === "webcontainer")
  console.log(
    `bash cases on the fake's jsh: ${bashApart.matched} matched, ${bashApart.differed} differed (not counted)`,
  );
console.log(`parity (pi ${version}, ${backend}): ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
