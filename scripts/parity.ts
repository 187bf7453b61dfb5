/**
 * `npm run parity`: every recorded case (docs/parity.md) against our tools on memfs. `PARITY_DIR=<dir>` replaces the
 * bundled cases with a directory holding `cases.json` and `golden/<any folder>/<id>.json`. Prints one
 * line per failing case with a short diff, then `parity: N passed, M failed` (known deviations count as
 * failed and are named as such).
 */
import { DEVIATIONS } from "../tests/parity/deviations";
import {
  compareWithGolden,
  DEFAULT_CASES_DIR,
  loadParitySuite,
  type ParityCase,
  runParityCase,
} from "../tests/parity/runner";

const dir = process.env.PARITY_DIR || DEFAULT_CASES_DIR;
const { cases, goldens } = loadParitySuite(dir);
const deviations = new Map(DEVIATIONS.map((d) => [d.id, d.reason]));

async function check(parityCase: ParityCase): Promise<string[]> {
  const golden = goldens.get(parityCase.id);
  if (!golden) return [`no golden file for ${parityCase.id}`];
  try {
    return compareWithGolden(await runParityCase(parityCase), golden);
  } catch (error) {
    return [`the case crashed: ${error instanceof Error ? error.message : String(error)}`];
  }
}

let passed = 0;
let failed = 0;
for (const parityCase of cases) {
  const differences = await check(parityCase);
  const reason = deviations.get(parityCase.id);
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
console.log(`parity: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
