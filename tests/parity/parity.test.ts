/**
 * Every recorded case (docs/parity.md) against our tools on memfs (see ./runner.ts for the rules). A case
 * listed in ./deviations.ts must still differ (so a fixed one gets noticed); every other must match.
 */
import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { DEVIATIONS, deviationReasons } from "./deviations";
import {
  compareWithGolden,
  DEFAULT_CASES_DIR,
  diffOutcome,
  filesAfter,
  type Golden,
  loadParitySuite,
  runParityCase,
} from "./runner";

const { cases, goldens } = loadParitySuite(DEFAULT_CASES_DIR);

describe("parity with pi 0.73.1 (docs/parity.md)", () => {
  it("has a golden for every case and lists only known cases as deviations", () => {
    expect(cases.length).toBeGreaterThanOrEqual(52);
    for (const c of cases) expect(goldens.has(c.id), `golden for ${c.id}`).toBe(true);
    const ids = new Set(cases.map((c) => c.id));
    for (const d of DEVIATIONS) {
      expect(ids.has(d.id), `deviation ${d.id} names a case`).toBe(true);
      expect(d.reason.length).toBeGreaterThan(20);
    }
  });

  for (const parityCase of cases) {
    const reason = deviationReasons.get(parityCase.id);
    it(`${parityCase.id}${reason ? " (known deviation)" : ""}`, async () => {
      const golden = goldens.get(parityCase.id) as Golden;
      const differences = compareWithGolden(await runParityCase(parityCase), golden);
      if (reason) {
        expect(
          differences.length,
          `${parityCase.id} now matches pi: remove it from deviations.ts`,
        ).toBeGreaterThan(0);
      } else {
        expect(differences, differences.join("\n")).toEqual([]);
      }
    });
  }

  it("notices a difference (the comparison can fail)", async () => {
    const parityCase = cases.find((c) => c.id === "read-basic-text");
    expect(parityCase).toBeDefined();
    if (!parityCase) return;
    const golden = structuredClone(goldens.get(parityCase.id) as Golden);
    (golden.results[0].content[0] as { text: string }).text += "!";
    expect(compareWithGolden(await runParityCase(parityCase), golden)).toHaveLength(1);
    expect(diffOutcome({ a: [1, { b: null }] }, { a: [1, {}] })).toEqual([
      "a.1.b: expected null, got undefined",
    ]);
  });

  it("lists a file's leading BOM in files_after (a dropped BOM would otherwise look equal)", () => {
    const workspace = createMemfsWorkspace(
      { "bom.txt": "\uFEFFx\r\n", "plain.txt": "x\n", "bin.dat": { base64: "AAEC" } },
      "/w",
    );
    expect(filesAfter(workspace)).toEqual({
      "bin.dat": { bytes: 3, sha256: "ae4b3280e56e2faf83f414a6e3dabe9d5fbe18976544c05fed121accb85b53fc" },
      "bom.txt": "\uFEFFx\r\n",
      "plain.txt": "x\n",
    });
  });
});
