/**
 * Every recorded case (docs/parity.md) against our tools on memfs (see ./runner.ts for the rules), once
 * per pi version: the tools built with that version's profile, compared with that version's goldens. A
 * case listed in ./deviations.ts for a version must still differ (so a fixed one gets noticed); every
 * other must match.
 */
import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { PI_VERSIONS } from "@core/versions/index";
import { describe, expect, it } from "vitest";
import { DEVIATIONS_BY_VERSION, deviationReasons } from "./deviations";
import {
  compareWithGolden,
  DEFAULT_CASES_DIR,
  diffOutcome,
  filesAfter,
  type Golden,
  loadParitySuite,
  runParityCase,
} from "./runner";

for (const { id: version } of PI_VERSIONS) {
  const { cases, goldens } = loadParitySuite(DEFAULT_CASES_DIR, version);
  const reasons = deviationReasons(version);

  describe(`parity with pi ${version} (docs/parity.md)`, () => {
    it("has a golden for every case and lists only known cases as deviations", () => {
      expect(cases.length).toBeGreaterThanOrEqual(52);
      for (const c of cases) expect(goldens.has(c.id), `golden for ${c.id}`).toBe(true);
      const ids = new Set(cases.map((c) => c.id));
      for (const d of DEVIATIONS_BY_VERSION[version]) {
        expect(ids.has(d.id), `deviation ${d.id} names a case`).toBe(true);
        expect(d.reason.length).toBeGreaterThan(20);
      }
    });

    for (const parityCase of cases) {
      const reason = reasons.get(parityCase.id);
      it(`${parityCase.id}${reason ? " (known deviation)" : ""}`, async () => {
        const golden = goldens.get(parityCase.id) as Golden;
        const differences = compareWithGolden(await runParityCase(parityCase, undefined, version), golden);
        if (reason) {
          expect(
            differences.length,
            `${parityCase.id} now matches pi ${version}: remove it from deviations.ts`,
          ).toBeGreaterThan(0);
        } else {
          expect(differences, differences.join("\n")).toEqual([]);
        }
      });
    }
  });
}

describe("the parity comparison", () => {
  const { cases, goldens } = loadParitySuite(DEFAULT_CASES_DIR, "0.73.1");

  it("notices a difference (the comparison can fail)", async () => {
    const parityCase = cases.find((c) => c.id === "read-basic-text");
    expect(parityCase).toBeDefined();
    if (!parityCase) return;
    const golden = structuredClone(goldens.get(parityCase.id) as Golden);
    (golden.results[0].content[0] as { text: string }).text += "!";
    expect(compareWithGolden(await runParityCase(parityCase, undefined, "0.73.1"), golden)).toHaveLength(1);
    expect(diffOutcome({ a: [1, { b: null }] }, { a: [1, {}] })).toEqual([
      "a.1.b: expected null, got undefined",
    ]);
  });

  it("tells the versions apart: a 1.6.0 golden does not pass with 0.73.1's tools", async () => {
    const parityCase = cases.find((c) => c.id === "write-overwrite");
    if (!parityCase) throw new Error("no write-overwrite case");
    const golden16 = loadParitySuite(DEFAULT_CASES_DIR, "1.6.0").goldens.get("write-overwrite") as Golden;
    expect(compareWithGolden(await runParityCase(parityCase, undefined, "0.73.1"), golden16)).not.toEqual([]);
    expect(compareWithGolden(await runParityCase(parityCase, undefined, "1.6.0"), golden16)).toEqual([]);
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
