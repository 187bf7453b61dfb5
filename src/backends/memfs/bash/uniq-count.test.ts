import { describe, expect, it } from "vitest";
import { createMemfsWorkspace } from "../workspace";
import { createMemfsBashOperations } from "./index";
import { countsRequested, padCounts } from "./uniq-count";

async function bash(command: string, files: Record<string, string> = {}) {
  const workspace = createMemfsWorkspace(files);
  let output = "";
  const decoder = new TextDecoder();
  const { exitCode } = await createMemfsBashOperations(workspace).exec(command, workspace.root, {
    onData: (d) => {
      output += decoder.decode(d, { stream: true });
    },
  });
  return { output, exitCode };
}

describe("uniq -c with GNU's count width", () => {
  it("finds a count request in -c, --count and flag clusters, not after --", () => {
    expect(countsRequested(["-c"])).toBe(true);
    expect(countsRequested(["--count", "f"])).toBe(true);
    expect(countsRequested(["-dc"])).toBe(true);
    expect(countsRequested(["-d", "-i"])).toBe(false);
    expect(countsRequested(["-", "f"])).toBe(false);
    expect(countsRequested(["--", "-c"])).toBe(false);
  });

  it("re-pads only the count in front of each line; wider counts grow as printf's do", () => {
    expect(padCounts("   1 a\n  12  b \n12345678 c\n")).toBe("      1 a\n     12  b \n12345678 c\n");
    expect(padCounts("")).toBe("");
  });

  // Expected texts: GNU bash 5.2 with coreutils 9, LC_ALL=C.UTF-8, same commands.
  it.each([
    ["printf 'a\\nb\\nb\\nb\\n' | uniq -c", "      1 a\n      3 b\n"],
    ["printf 'a\\na\\nb\\n' | uniq -cd", "      2 a\n"],
    ["printf 'a\\na\\nb\\n' | uniq -u --count", "      1 b\n"],
    ["printf 'A\\na\\nb\\n' | uniq -ci", "      2 A\n      1 b\n"],
    ["printf 'a \\n a\\n a\\n' | uniq -c", "      1 a \n      2  a\n"],
    ["printf 'é\\né\\nx\\n' | uniq -c", "      2 é\n      1 x\n"],
    ["printf 'a\\na' | uniq -c", "      2 a\n"],
    ["seq 1 1000 | sed 's/.*/z/' | uniq -c", "   1000 z\n"],
    ["printf 'a\\na\\n' | uniq", "a\n"],
  ])("%s prints what GNU prints", async (command, expected) => {
    expect(await bash(command)).toEqual({ output: expected, exitCode: 0 });
  });

  it("reads a file argument, and leaves the bundled command's errors alone", async () => {
    expect(await bash("uniq -c f.txt", { "f.txt": "x\nx\n" })).toEqual({
      output: "      2 x\n",
      exitCode: 0,
    });
    const missing = await bash("uniq -c nope.txt");
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toMatch(/nope\.txt/);
  });
});
